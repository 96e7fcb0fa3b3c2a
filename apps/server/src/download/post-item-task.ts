// How one item of a post is downloaded, whether the whole post is downloaded or a batch names the
// item: the visitor's format applies to a video item (an audio format extracts its sound), a photo
// keeps its own picture format, and a section and subtitles apply to videos only.
import type { Platform } from '@grabbit/catalog';
import type { ClipOptions, DownloadFormatName, MediaItem, Quality } from '@grabbit/contracts';
import { AppError } from '../core/app-error';
import type { YtDlpInfo } from '../ytdlp';
import { mediaItemsOf } from './media-items';

export interface PostItemChoice extends ClipOptions {
  format: DownloadFormatName;
  quality: Quality;
  /** The visitor's session for the post (sessionCookieOf): written into the job's folder only. */
  instagramCookies?: string;
}

export interface PostItemTaskInput extends ClipOptions {
  url: string;
  itemIndex: number;
  format: DownloadFormatName;
  quality: Quality;
  instagramCookies?: string;
}

/** What of a listed post item decides its download. */
export type PostItemRef = Pick<MediaItem, 'url' | 'itemIndex' | 'mediaType' | 'suggestedFormat'>;

export function postItemTaskInput(item: PostItemRef, choice: PostItemChoice): PostItemTaskInput {
  const { format, quality, instagramCookies, startTime, endTime, subtitles } = choice;
  return {
    url: item.url,
    itemIndex: item.itemIndex,
    quality,
    ...(instagramCookies ? { instagramCookies } : {}),
    format: item.mediaType === 'image' ? item.suggestedFormat : format,
    ...(item.mediaType === 'image' ? {} : { startTime, endTime, subtitles }),
  };
}

/** The visitor's cookie counts only for a platform whose page offers it. */
export function sessionCookieOf(platform: Platform, cookies: string | undefined): string | undefined {
  return platform.sessionCookie ? cookies?.trim() || undefined : undefined;
}

/** What reads a post (the download service). */
export interface PostReader {
  readInfo(platform: Platform, url: string, mode: 'post', cookies?: string): Promise<YtDlpInfo>;
}

/** A post's information and its items; a post with none is POST_EMPTY. */
export async function readPostItems(
  reader: PostReader,
  platform: Platform,
  url: string,
  cookies: string | undefined,
): Promise<{ info: YtDlpInfo; mediaItems: MediaItem[] }> {
  const info = await reader.readInfo(platform, url, 'post', cookies);
  const mediaItems = mediaItemsOf(info, platform, url.trim());
  if (mediaItems.length === 0) {
    throw new AppError(
      'POST_EMPTY',
      `No photos or videos could be downloaded from this ${platform.name} post`,
    );
  }
  return { info, mediaItems };
}

/** A batch's item: a link, or one item of a post by its number. */
export interface BatchItemRequest {
  url: string;
  title?: string;
  itemIndex?: number;
}

/**
 * Each batch item's download: a post's item as a post's item is downloaded (each post read once,
 * an item number the post lacks is POST_ITEM_NOT_FOUND), any other link in the batch's choice.
 */
export async function batchItemInputs(
  items: readonly BatchItemRequest[],
  choice: PostItemChoice,
  postItems: (url: string) => Promise<PostItemRef[]>,
): Promise<(PostItemChoice & { url: string; itemIndex?: number })[]> {
  const posts = new Map<string, Promise<PostItemRef[]>>();
  const readPost = (url: string) => {
    const read = posts.get(url) ?? postItems(url);
    posts.set(url, read);
    return read;
  };
  const inputs = [];
  for (const [index, item] of items.entries()) {
    if (item.itemIndex === undefined) {
      inputs.push({ ...choice, url: item.url });
      continue;
    }
    const wanted = item.itemIndex;
    const found = (await readPost(item.url)).find((listed) => listed.itemIndex === wanted);
    if (!found) {
      throw new AppError('POST_ITEM_NOT_FOUND', `Item ${index + 1}: the post has no item ${wanted}`);
    }
    inputs.push(postItemTaskInput(found, choice));
  }
  return inputs;
}
