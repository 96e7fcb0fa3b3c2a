// Reads a shared link once the page runs in the browser (pages are prerendered without one):
// fills it in here, or moves to the downloader page the link belongs to.
import type { Platform } from '@grabbit/catalog';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { sharedLinkOf, sharedLinkTarget } from '../lib/shared-link';

export function useSharedLink(page: Platform | undefined, onFill?: (link: string) => void): void {
  const navigate = useNavigate();
  useEffect(() => {
    const link = sharedLinkOf(window.location.search);
    if (!link) return;
    const target = sharedLinkTarget(link, page);
    if (target?.kind === 'go') void navigate(target.path, { replace: true });
    else if (target?.kind === 'fill') onFill?.(link);
    // Once per page: the query string is read when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page?.id]);
}
