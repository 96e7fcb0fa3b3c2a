// Local links (object URLs) for converted files, one per queue item. Each link holds its file in
// memory until revoked, so links are revoked when their item is removed, the queue is cleared or
// the page goes away.
import { useCallback, useEffect, useMemo, useRef } from 'react';

export function useObjectUrls() {
  const urls = useRef(new Map<string, string>());

  const create = useCallback((id: string, blob: Blob): string => {
    const url = URL.createObjectURL(blob);
    urls.current.set(id, url);
    return url;
  }, []);

  const revoke = useCallback((id: string): void => {
    const url = urls.current.get(id);
    if (url) URL.revokeObjectURL(url);
    urls.current.delete(id);
  }, []);

  const revokeAll = useCallback((): void => {
    for (const url of urls.current.values()) URL.revokeObjectURL(url);
    urls.current.clear();
  }, []);

  useEffect(() => revokeAll, [revokeAll]);

  return useMemo(() => ({ create, revoke, revokeAll }), [create, revoke, revokeAll]);
}
