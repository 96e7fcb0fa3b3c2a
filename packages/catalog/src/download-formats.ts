// The downloader's output formats: every one the API takes, and the ones the page's dropdown offers.

export const downloadFormats = [
  'mp4',
  'mp3',
  'webm',
  'm4a',
  'mov',
  'mkv',
  'flac',
  'wav',
  'ogg',
  'jpg',
  'png',
  'webp',
  'gif',
  // The video's subtitles as a file, and its picture (JPEG): chosen from the preview, not the dropdown.
  'srt',
  'vtt',
  // The subtitles or automatic captions as a transcript: plain text, Markdown with timestamps, JSON.
  'txt',
  'md',
  'json',
  'thumbnail',
] as const;
export type DownloadFormat = (typeof downloadFormats)[number];

/** The content type each format's file is sent with (a transcript's text with its charset). */
export const downloadContentTypes: Record<DownloadFormat, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  flac: 'audio/flac',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  srt: 'application/x-subrip',
  vtt: 'text/vtt',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  // Not application/json: a direct download answering that type is the API's own answer object.
  json: 'application/vnd.grabbit.transcript+json',
  thumbnail: 'image/jpeg',
};

/** Formats the page's dropdown offers, with their labels. */
export const downloaderFormatOptions: readonly { value: DownloadFormat; label: string }[] = [
  { value: 'mp4', label: 'MP4 (HD, Full HD)' },
  { value: 'mp3', label: 'MP3 (audio)' },
  { value: 'webm', label: 'WEBM' },
  { value: 'm4a', label: 'M4A (audio)' },
  { value: 'mov', label: 'MOV' },
  { value: 'mkv', label: 'MKV' },
];
