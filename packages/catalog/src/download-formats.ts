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

/** Formats the page's dropdown offers, with their labels. */
export const downloaderFormatOptions: readonly { value: DownloadFormat; label: string }[] = [
  { value: 'mp4', label: 'MP4 (HD, Full HD)' },
  { value: 'mp3', label: 'MP3 (audio)' },
  { value: 'webm', label: 'WEBM' },
  { value: 'm4a', label: 'M4A (audio)' },
  { value: 'mov', label: 'MOV' },
  { value: 'mkv', label: 'MKV' },
];
