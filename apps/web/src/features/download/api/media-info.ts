// The preview call (POST /api/download/{platform}/info) behind TanStack Query: one request per
// distinct link (an answer it has is reused), an outdated request is cancelled (the query's abort
// signal), no error toasts and no waiting when the server paces the visitor (the preview is
// optional: the download still works without it). The caller debounces the link.
import type { PlatformId } from '@grabbit/catalog';
import type { MediaInfoResponse } from '@grabbit/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPath, apiRoutes } from '@grabbit/contracts/api-paths';
import { apiRequest, resolveApiLink } from '../../../lib/api-client';

async function getMediaInfo(
  platformId: PlatformId,
  url: string,
  signal: AbortSignal,
): Promise<MediaInfoResponse> {
  const answer = await apiRequest<MediaInfoResponse>(
    apiPath(apiRoutes.downloadInfo, { platform: platformId }),
    { body: { url }, toastErrors: false, waitWhenPaced: false, signal },
  );
  // The picture comes from our API, at the API's origin.
  const thumbnailUrl = answer.thumbnailUrl ? await resolveApiLink(answer.thumbnailUrl) : null;
  return { ...answer, thumbnailUrl };
}

/** The link's preview; `url` undefined (no single valid link) asks nothing. */
export function useMediaInfo(platformId: PlatformId, url: string | undefined) {
  return useQuery({
    queryKey: ['media-info', platformId, url],
    queryFn: ({ signal }) => getMediaInfo(platformId, url ?? '', signal),
    enabled: url !== undefined,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
