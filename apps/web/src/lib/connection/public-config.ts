// The server's runtime settings (GET /api/config), fetched once per session from the page's own
// origin and shared: connection detection reads the candidates, features read ad keys, sponsor
// links and flags through `usePublicConfig()`.
import type { PublicConfig } from '@grabbit/contracts';
import { network } from '@grabbit/catalog';
import { apiRoutes } from '@grabbit/contracts/api-paths';
import { useQuery } from '@tanstack/react-query';
import { use } from 'react';
import { PageStateContext } from '../page-state-context';

export type { PublicConfig };

let pending: Promise<PublicConfig> | undefined;

/** One request per session; a failure is forgotten so the next call tries again. */
export function loadPublicConfig(): Promise<PublicConfig> {
  pending ??= fetch(apiRoutes.publicConfig, { signal: AbortSignal.timeout(network.healthTimeoutCandidateMs) })
    .then(async (response) => {
      if (!response.ok) throw new Error(`Loading ${apiRoutes.publicConfig} failed: HTTP ${response.status}`);
      return (await response.json()) as PublicConfig;
    })
    .catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
  return pending;
}

const publicConfigQueryKey = ['public-config'] as const;

/** The configuration as it loads, for the page-state provider alone (components use `usePublicConfig`). */
export function usePublicConfigQuery(): PublicConfig | undefined {
  // The configuration does not change during a visit.
  return useQuery({ queryKey: publicConfigQueryKey, queryFn: loadPublicConfig, staleTime: Infinity }).data;
}

/**
 * The configuration once the page is hydrated. While React hydrates, the page must render exactly
 * what the prerendered HTML shows, which was made without any configuration: a configuration
 * already loaded (connection detection asks for it early) would change the first client render.
 */
export function usePublicConfig(): { data: PublicConfig | undefined } {
  return { data: use(PageStateContext).config };
}
