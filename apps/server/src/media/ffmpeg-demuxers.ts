// The only demuxers ffmpeg and ffprobe may use on an uploaded file. Playlist and indirection
// demuxers (hls, concat, image2 sequences, tee, ...) are absent, so an uploaded playlist can never
// make ffmpeg open another file or a URL, whatever the upload's name or claimed type.
export const safeDemuxers = [
  'mov',
  'mp4',
  'm4a',
  '3gp',
  '3g2',
  'mj2',
  'matroska',
  'webm',
  'avi',
  'asf',
  'flv',
  'mpegts',
  'mp3',
  'wav',
  'flac',
  'aac',
  'ogg',
  'aiff',
  'amr',
  'exr_pipe',
  // Only our own intermediates (never an upload) are PNG when they reach ffmpeg.
  'png_pipe',
] as const;

export type SafeDemuxer = (typeof safeDemuxers)[number];

/**
 * Input options for every ffmpeg/ffprobe call on an upload: local files only, the demuxer
 * allow-list, a forced demuxer when the content type is known, and a decoder pixel limit.
 */
export function safeInputArgs(demuxer: SafeDemuxer | undefined, maxPixels: number): string[] {
  return [
    '-protocol_whitelist',
    'file',
    '-format_whitelist',
    safeDemuxers.join(','),
    ...(demuxer ? ['-f', demuxer] : []),
    '-max_pixels',
    String(maxPixels),
  ];
}
