// Data fetching policy: queries retry 3 times, 1 s doubling up to 30 s; mutations
// are never retried (a retried download or upload would run twice); unused data goes after 5 min.
import { network, ui } from '@grabbit/catalog';
import { QueryClient } from '@tanstack/react-query';

export function queryRetryDelay(attemptIndex: number): number {
  return Math.min(network.queryRetryStartMs * 2 ** attemptIndex, network.queryRetryMaxMs);
}

export function createQueryClient(onServer = typeof window === 'undefined'): QueryClient {
  // On the server (prerender) a cache timer would keep the process alive for gcTime after the last page.
  const gcTimeMs = onServer ? Infinity : ui.queryGcTimeMs;
  return new QueryClient({
    defaultOptions: {
      queries: { retry: network.queryRetries, retryDelay: queryRetryDelay, gcTime: gcTimeMs },
      mutations: { retry: false, gcTime: gcTimeMs },
    },
  });
}
