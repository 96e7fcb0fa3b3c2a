// The preview call (POST /api/download/{platform}/info) behind TanStack Query: one request per
// link while the visitor decides (the server caches the answer too), no error toasts (the preview
// is optional: the download still works without it).
import type { PlatformId } from '@grabbit/catalog';
import type { MediaInfoResponse } from '@grabbit/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPath, apiRoutes } from '@grabbit/contracts/api-paths';
import { apiRequest, resolveApiLink } from '../../../lib/api-client';

async function getMediaInfo(platformId: PlatformId, url: string): Promise<MediaInfoResponse> {
  const answer = await apiRequest<MediaInfoResponse>(
    apiPath(apiRoutes.downloadInfo, { platform: platformId }),
    {
      body: { url },
      toastErrors: false,
    },
  );
  // The picture comes from our API, at the API's origin.
  const thumbnailUrl = answer.thumbnailUrl ? await resolveApiLink(answer.thumbnailUrl) : null;
  return { ...answer, thumbnailUrl };
}

/** The link's preview; `url` undefined (no single valid link) asks nothing. */
export function useMediaInfo(platformId: PlatformId, url: string | undefined) {
  return useQuery({
    queryKey: ['media-info', platformId, url],
    queryFn: () => getMediaInfo(platformId, url ?? ''),
    enabled: url !== undefined,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
