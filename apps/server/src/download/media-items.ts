// A post's items (Instagram, Facebook, Reddit, TikTok photo posts) as the page lists them.
import { safeTitle } from '@grabbit/contracts';
import type { Platform } from '@grabbit/catalog';
import type { DownloadFormatName, MediaItem } from '@grabbit/contracts';
import { thumbnailOf, type YtDlpInfo } from '../ytdlp';

const imageExtensions = new Set(['jpg', 'jpeg', 'png', 'webp', 'gif', 'heic', 'avif']);

function mediaTypeOf(info: YtDlpInfo): MediaItem['mediaType'] {
  const ext = info.ext?.toLowerCase();
  if (ext && imageExtensions.has(ext)) return 'image';
  if (info.vcodec && info.vcodec !== 'none') return 'video';
  if (ext && ['mp4', 'webm', 'mkv', 'mov', 'm3u8', 'flv'].includes(ext)) return 'video';
  return 'unknown';
}

function suggestedFormat(info: YtDlpInfo, mediaType: MediaItem['mediaType']): DownloadFormatName {
  if (mediaType !== 'image') return 'mp4';
  const ext = info.ext?.toLowerCase();
  return ext === 'png' || ext === 'webp' || ext === 'gif' ? ext : 'jpg';
}

/** Every item of a post; a single video or photo is a post of one. */
export function mediaItemsOf(info: YtDlpInfo, platform: Platform, postUrl: string): MediaItem[] {
  const entries = info.entries ? info.entries.filter((entry): entry is YtDlpInfo => entry !== null) : [info];
  return entries.map((entry, index) => {
    const mediaType = mediaTypeOf(entry);
    const number = index + 1;
    return {
      id: `${entry.id ?? info.id ?? 'item'}-${number}`,
      url: postUrl,
      itemIndex: number,
      title: safeTitle(entry.title ?? info.title, `${platform.name} post`),
      thumbnailUrl: thumbnailOf(entry),
      mediaType,
      resolution: entry.width && entry.height ? `${entry.width}x${entry.height}` : null,
      fileSize: entry.filesize ?? entry.filesize_approx ?? null,
      suggestedFormat: suggestedFormat(entry, mediaType),
      displayName: `${platform.name} ${mediaType === 'image' ? 'photo' : 'video'} ${number}`,
      platform: platform.id,
    };
  });
}
