// The downloader's failure messages that depend on the page (their exact wording). A page
// with playlists (YouTube) has its own single-video messages, as its playlist messages; posts that
// yield nothing downloadable say so instead of a generic '{platform} Error'.
import type { Platform } from '@grabbit/catalog';
import type { ErrorCode } from '@grabbit/contracts';
import { ApiError } from '../../../lib/api-client';

interface ToastMessage {
  title: string;
  description: string;
}

const genericFailure = 'Download failed';

/**
 * The text of a failed download: the error's own message when it says more than the generic
 * 'Download failed', else the page's default.
 */
export function downloadFailureText(platform: Pick<Platform, 'name' | 'playlists'>, error: unknown): string {
  const own = error instanceof Error ? error.message.trim() : '';
  if (own && own !== genericFailure) return own;
  return platform.playlists ? `Failed to download ${platform.name} video` : genericFailure;
}

/** Codes that say the link holds no media at all. */
const notFoundCodes: readonly string[] = [
  'NOT_FOUND',
  'PLAYLIST_NOT_FOUND',
  'MEDIA_NOT_FOUND',
] satisfies ErrorCode[];

/** The server's code of a failure: an answer's, or a failed task's. */
export function serverCodeOf(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.serverCode;
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Failures that say what the link or the choice is, not how the moment went: trying the same
 * again gets the same answer, so no Retry is offered for them. A video not found stays
 * retryable: a site's 404 is sometimes a passing one.
 */
const finalCodes: readonly string[] = [
  'UNSUPPORTED_URL',
  'URL_NOT_ALLOWED',
  'UNSUPPORTED_PLATFORM',
  'VALIDATION_FAILED',
  'MEDIA_TOO_LONG',
  'MEDIA_TOO_LARGE',
  'FORMAT_NOT_AVAILABLE',
  'TARGET_SIZE_TOO_SMALL',
  'FEATURE_NOT_ALLOWED',
] satisfies ErrorCode[];

/** Whether trying a failed download again can end differently (a time-out, a busy server, a lost connection). */
export function retryCanHelp(error: unknown): boolean {
  return !finalCodes.includes(serverCodeOf(error) ?? '');
}

/**
 * The toast of a single video whose download could not even start, on a page with its own
 * single-video messages; undefined elsewhere (the generic 'Download Failed' applies).
 */
export function videoStartFailure(
  platform: Pick<Platform, 'name' | 'playlists'>,
  error: unknown,
): ToastMessage | undefined {
  if (!platform.playlists) return undefined;
  return (
    videoNotFound(platform, error) ?? {
      title: `${platform.name} video Error`,
      description: `Failed to get video from ${platform.name}. Please check the URL and try again.`,
    }
  );
}

/** 'No Video Found' on a page with its own single-video messages, when the link holds no video. */
export function videoNotFound(
  platform: Pick<Platform, 'name' | 'playlists'>,
  error: unknown,
): ToastMessage | undefined {
  if (!platform.playlists) return undefined;
  const status = error instanceof ApiError ? error.status : undefined;
  if (status !== 404 && !notFoundCodes.includes(serverCodeOf(error) ?? '')) return undefined;
  return { title: 'No Video Found', description: `No video could be found at this ${platform.name} URL` };
}

/** The toast of a post whose items could not be listed. */
export function postListFailure(platform: Pick<Platform, 'name'>, error: unknown): ToastMessage {
  // The server read the post and found nothing in it it could download.
  if (serverCodeOf(error) === ('POST_EMPTY' satisfies ErrorCode)) return noMediaDownloaded(platform);
  return {
    title: `${platform.name} Error`,
    description: `Failed to get media items from ${platform.name} post. Please check the URL and try again.`,
  };
}

export function noMediaDownloaded(platform: Pick<Platform, 'name'>): ToastMessage {
  return {
    title: 'No Media Downloaded',
    description: `No photos or videos could be downloaded from this ${platform.name} post`,
  };
}
