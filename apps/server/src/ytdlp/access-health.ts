// The state of the operator's sessions and routes for /health and /metrics: per platform with any
// configured, how many there are and how many rest in quarantine (counts only: never a file's
// contents or a proxy's address), and a warning for each pool with nothing healthy left.
import { platforms, type Platform } from '@grabbit/catalog';
import type { PlatformAccess } from '@grabbit/contracts';
import { accessPoolsFor, type AccessSettings } from './access-pools';
import { routesOf } from './route-pool';

export interface AccessReport {
  access: Record<string, PlatformAccess>;
  warnings: string[];
}

export async function accessReport(settings: AccessSettings): Promise<AccessReport> {
  // The shared ledger lives in Redis: while it is away, /health still answers, and says so.
  return poolsReport(settings).catch(() => ({
    access: {},
    warnings: ["The health of the operator's sessions and routes cannot be read right now"],
  }));
}

async function poolsReport(settings: AccessSettings): Promise<AccessReport> {
  const { ledger, sessions } = accessPoolsFor(settings);
  const counts = async (keys: string[]) => {
    const quarantined = (await Promise.all(keys.map((key) => ledger.isQuarantined(key)))).filter(
      Boolean,
    ).length;
    return { total: keys.length, healthy: keys.length - quarantined, quarantined };
  };
  const report: AccessReport = { access: {}, warnings: [] };
  for (const platform of platforms) {
    const configured = await sessions.configured(platform.id);
    const sessionKeys = (await sessions.sessions(platform.id)).map((session) => session.key);
    const routeKeys = routesOf(settings.YTDLP_PROXIES, platform.id).map((route) => route.key);
    if (!configured && routeKeys.length === 0) continue;
    const access = { sessions: await counts(sessionKeys), routes: await counts(routeKeys) };
    report.access[platform.id] = access;
    report.warnings.push(...poolWarnings(platform, configured, access));
  }
  return report;
}

/** What the operator must look at: a set-up pool with nothing healthy left, and what that means. */
function poolWarnings(platform: Platform, configured: boolean, access: PlatformAccess): string[] {
  const warnings: string[] = [];
  const { sessions, routes } = access;
  if (configured && sessions.healthy === 0 && platform.loginRequired)
    warnings.push(
      `${platform.name} needs a login and no session of its pool is healthy: its downloads fail with SITE_UNAVAILABLE`,
    );
  else if (configured && sessions.total === 0)
    warnings.push(`${platform.name}: its session pool is empty, so its downloads run without cookies`);
  else if (sessions.total > 0 && sessions.healthy === 0)
    warnings.push(
      `${platform.name}: every one of its sessions rests in quarantine after the site refused it`,
    );
  if (routes.total > 0 && routes.healthy === 0)
    warnings.push(`${platform.name}: every one of its routes rests in quarantine after the site refused it`);
  return warnings;
}
