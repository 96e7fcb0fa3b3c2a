// ffmpeg encoder settings shared by conversions, download finishing and the test fixtures, so each
// codec is encoded one way everywhere. Fast settings: results are made while the visitor waits.
import type { AudioEncoding, VideoEncoding } from './encode-plan';

/** H.264 at a good default quality, in the pixel format every player takes. */
export const h264: VideoEncoding = { codec: 'libx264', preset: 'veryfast', crf: 23, pixelFormat: 'yuv420p' };

/** Real-time VP9 (speed 8) with row multithreading at constant quality `crf` (no bit-rate target). */
export const vp9ConstantQuality = (crf: number): VideoEncoding => ({
  codec: 'libvpx-vp9',
  deadline: 'realtime',
  cpuUsed: 8,
  rowMultithreading: true,
  bitRate: '0',
  crf,
});

export const opus: AudioEncoding = { codec: 'libopus', bitRate: '128k' };
export const vorbis: AudioEncoding = { codec: 'libvorbis', quality: 5 };
export const flac: AudioEncoding = { codec: 'flac' };
export const pcm: AudioEncoding = { codec: 'pcm_s16le' };

export const aacAt = (bitRate: string): AudioEncoding => ({ codec: 'aac', bitRate });

export const copied = { codec: 'copy' } as const;
