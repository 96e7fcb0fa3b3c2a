// The operator's exit routes for each platform: the proxies of YTDLP_PROXY_<PLATFORM>, else of
// YTDLP_PROXY (comma-separated lists). A run takes the healthy route used least recently and
// reaches the site through it as the egress guard's upstream. Each platform keeps its own health
// of a shared proxy: a site that blocks an address says nothing of the other sites.
import type { PlatformId } from '@grabbit/catalog';
import { pickItem, type AccessLedger } from './access-ledger';

export interface Route {
  /** `route:<platform>:<n>` (the n-th proxy of the list): names it without its credentials. */
  key: string;
  /** The proxy's address; may hold a password, so never logged. */
  url: string;
}

export const routesOf = (proxies: Partial<Record<PlatformId, string[]>>, platform: PlatformId): Route[] =>
  (proxies[platform] ?? []).map((url, index) => ({ key: `route:${platform}:${index + 1}`, url }));

/**
 * A route for one run; undefined only when the platform has none. When every route is quarantined
 * the least recently used one is taken still: the operator chose to reach the site through
 * proxies, and going around them would show the server's own address.
 */
export async function takeRoute(
  ledger: AccessLedger,
  proxies: Partial<Record<PlatformId, string[]>>,
  platform: PlatformId,
): Promise<Route | undefined> {
  const routes = routesOf(proxies, platform);
  return (await pickItem(ledger, routes)) ?? pickItem(ledger, routes, { evenQuarantined: true });
}
