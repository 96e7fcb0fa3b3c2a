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
 * Downloaded files may also be the single pictures yt-dlp saves (thumbnails, post images) and the
 * subtitle files it fetches (SubRip, WebVTT: plain text cues): the upload list plus those
 * demuxers. Still no image2 (it reads numbered file sequences), no hls, concat or other playlists:
 * a downloaded file can point nowhere else either.
 */
export const downloadDemuxers = [...safeDemuxers, 'jpeg_pipe', 'webp_pipe', 'gif', 'srt', 'webvtt'] as const;

export type DownloadDemuxer = (typeof downloadDemuxers)[number];

/**
 * What yt-dlp's ffmpeg may read from a link (section downloads): the download list plus HLS and
 * DASH manifests, whose segments ffmpeg fetches over http(s) only, through the egress guard.
 */
export const networkDemuxers = [...downloadDemuxers, 'hls', 'dash'] as const;

/**
 * The picture demuxer forced for a downloaded picture: left to probe, ffmpeg picks image2 for a
 * .jpg and then refuses it as off the list.
 */
export function pictureDemuxer(extension: string): DownloadDemuxer | undefined {
  const byExtension: Record<string, DownloadDemuxer> = {
    jpg: 'jpeg_pipe',
    jpeg: 'jpeg_pipe',
    png: 'png_pipe',
    webp: 'webp_pipe',
    gif: 'gif',
  };
  return byExtension[extension.toLowerCase()];
}

/**
 * Input options for every ffmpeg/ffprobe call on an upload or a download: local files only, the
 * demuxer allow-list (uploads' by default), a forced demuxer when the content type is known, and a decoder pixel limit.
 */
export function safeInputArgs(
  demuxer: SafeDemuxer | DownloadDemuxer | undefined,
  maxPixels: number,
  allowed: readonly string[] = safeDemuxers,
): string[] {
  return [
    '-protocol_whitelist',
    'file',
    '-format_whitelist',
    allowed.join(','),
    ...(demuxer ? ['-f', demuxer] : []),
    '-max_pixels',
    String(maxPixels),
  ];
}
