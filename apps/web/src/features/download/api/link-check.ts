// The server's check of each typed link (POST /api/validate/url) behind TanStack Query: the same
// rules a download runs (a Twitch channel's live stream, a private address), answered before any
// gate click. One request per distinct link and page (an answer it has is reused), no toasts and no
// waiting when the server paces the visitor: a check that fails leaves the row as the page's own
// check left it (the download says why later). The caller debounces the links.
import { withScheme, type PlatformId } from '@grabbit/catalog';
import type { ValidateUrlResponse } from '@grabbit/contracts';
import { apiRoutes } from '@grabbit/contracts/api-paths';
import { useQueries } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { LinkVerdict } from '../lib/url-rows';

function checkLink(platformId: PlatformId, url: string, signal: AbortSignal): Promise<ValidateUrlResponse> {
  return apiRequest<ValidateUrlResponse>(apiRoutes.validateUrl, {
    body: { url: withScheme(url), platform: platformId },
    toastErrors: false,
    waitWhenPaced: false,
    signal,
  });
}

/** The server's answer about each link, by link; a link not answered yet (or not asked) is absent. */
export type LinkVerdicts = ReadonlyMap<string, LinkVerdict>;

/** Asks the server about each of `links` (trimmed, non-empty) on the page of `platformId`. */
export function useLinkChecks(platformId: PlatformId, links: readonly string[]): LinkVerdicts {
  return useQueries({
    queries: links.map((url) => ({
      queryKey: ['link-check', platformId, url],
      queryFn: ({ signal }: { signal: AbortSignal }) => checkLink(platformId, url, signal),
      staleTime: 10 * 60_000,
      retry: false,
    })),
    combine: (results) =>
      new Map(
        results.flatMap((result, index) => {
          const link = links[index];
          if (link === undefined) return [];
          // A check that could not be made takes nothing away: the download says why later.
          if (result.isError) return [[link, { valid: true, message: '' }] as const];
          return result.data
            ? [[link, { valid: result.data.valid, message: result.data.message }] as const]
            : [];
        }),
      ),
  });
}
