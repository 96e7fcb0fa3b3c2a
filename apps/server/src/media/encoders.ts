// ffmpeg encoder settings shared by conversions, download finishing and the test fixtures, so each
// codec is encoded one way everywhere. Fast settings: results are made while the visitor waits.
export const encoders = {
  /** H.264 at a good default quality, in the pixel format every player takes. */
  h264: ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
  /** VP9 at its fastest: real-time deadline, speed 8. */
  vp9Realtime: ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8'],
  opus: ['-c:a', 'libopus', '-b:a', '128k'],
  vorbis: ['-c:a', 'libvorbis', '-q:a', '5'],
  flac: ['-c:a', 'flac'],
  pcm: ['-c:a', 'pcm_s16le'],
} as const satisfies Record<string, readonly string[]>;

export const aacAt = (bitrate: string): string[] => ['-c:a', 'aac', '-b:a', bitrate];

/** Real-time VP9 with row multithreading at constant quality `crf` (no bit-rate target). */
export const vp9ConstantQuality = (crf: number): string[] => [
  ...encoders.vp9Realtime,
  '-row-mt',
  '1',
  '-b:v',
  '0',
  '-crf',
  String(crf),
];
