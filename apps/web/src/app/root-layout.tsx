// The root route's element: connection startup handling around the layout shell, the document
// title kept in step with client-side navigation (prerendered pages already carry theirs), and the
// scroll position reset when the page changes.
import { notFoundMeta, routeForPath } from '@grabbit/catalog';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { ConnectionGate } from '../features/connection/connection-gate';
import { AppShell } from './layout/app-shell';

function useDocumentMeta(pathname: string): void {
  const navigated = useRef(false);
  useEffect(() => {
    const meta = routeForPath(pathname) ?? notFoundMeta;
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
    // Only a move to another page starts at the top. On the page as loaded the browser keeps its
    // own place (a reload restores it), and scrolling then forced a layout of the whole page in
    // the middle of making it live.
    if (navigated.current) window.scrollTo(0, 0);
    navigated.current = true;
  }, [pathname]);
}

export function RootLayout() {
  const { pathname } = useLocation();
  useDocumentMeta(pathname);
  return (
    <ConnectionGate>
      <AppShell />
    </ConnectionGate>
  );
}
