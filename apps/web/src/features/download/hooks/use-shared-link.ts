// Reads a shared link once the page runs in the browser (pages are prerendered without one):
// fills it in here, or moves to the downloader page the link belongs to.
import type { Platform } from '@grabbit/catalog';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { sharedLinkOf, sharedLinkTarget } from '../lib/shared-link';

export function useSharedLink(page: Platform | undefined, onFill?: (link: string) => void): void {
  const navigate = useNavigate();
  // Read again when the query changes on the same page (the header's paste box sends a link here).
  const { search } = useLocation();
  useEffect(() => {
    const link = sharedLinkOf(search);
    if (!link) return;
    const target = sharedLinkTarget(link, page);
    if (target?.kind === 'go') void navigate(target.path, { replace: true });
    else if (target?.kind === 'fill') onFill?.(link);
    // Once per page and query: the query string is read when the page opens or gets a new link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page?.id, search]);
}
