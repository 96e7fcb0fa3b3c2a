// Whether a link can be downloaded, and on which page (POST /api/validate/url): the catalog's
// rules and the same safety checks a download runs, answered as data (a refused link is `valid:
// false` with the reason, not an error).
import { isMultiMediaLink, isPlaylistLink, platformById, platformForLink } from '@grabbit/catalog';
import type { ValidateUrlResponse } from '@grabbit/contracts';
import { AppError } from '../core/app-error';
import { checkDownloadUrl } from './url-rules';

export function validateLink(
  request: { url: string; platform?: string },
  testHosts: readonly string[],
): ValidateUrlResponse {
  const page = request.platform ? platformById(request.platform) : undefined;
  if (request.platform && !page)
    throw new AppError('UNSUPPORTED_PLATFORM', `Unsupported platform: ${request.platform}`);
  const platform = page ?? platformForLink(request.url);
  const answer = (valid: boolean, message: string): ValidateUrlResponse => ({
    valid,
    platform: platform?.id ?? null,
    route: platform?.route ?? null,
    isPlaylist: valid && isPlaylistLink(request.url, testHosts),
    isMultiMedia: valid && isMultiMediaLink(request.url, page, testHosts),
    message,
  });
  if (!platform) return answer(false, 'This URL is not supported on the current downloader');
  try {
    checkDownloadUrl(request.url, platform, testHosts);
  } catch (error) {
    if (error instanceof AppError) return answer(false, error.message);
    throw error;
  }
  return answer(true, `This link can be downloaded on the ${platform.name} downloader`);
}
