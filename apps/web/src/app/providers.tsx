// Everything pages share: the query cache, the page's state and the toast container. The toast
// container loads after the page is interactive (it is not needed to show the page). Tooltip timing
// lives in components/ui/tooltip.tsx, so the shell does not load tooltip positioning code.
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated';
import { PageStateProvider } from './page-state-provider';
import { createQueryClient } from './query-client';

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

function DeferredToaster() {
  if (!useHydrated()) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" richColors closeButton />
    </Suspense>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  // One client per app instance (per prerendered page on the server).
  const [queryClient] = useState(() => createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <PageStateProvider>
        {children}
        <DeferredToaster />
      </PageStateProvider>
    </QueryClientProvider>
  );
}
