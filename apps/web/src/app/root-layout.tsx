// The root route's element: connection startup handling around the layout shell, the document
// title kept in step with client-side navigation (prerendered pages already carry theirs), and the
// scroll position reset when the page changes.
import { notFoundMeta, routeForPath } from '@grabbit/catalog';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ConnectionGate } from '../features/connection/connection-gate';
import { AppShell } from './layout/app-shell';

function useDocumentMeta(pathname: string): void {
  useEffect(() => {
    const meta = routeForPath(pathname) ?? notFoundMeta;
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
    window.scrollTo(0, 0);
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
