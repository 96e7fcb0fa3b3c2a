// The state of the operator's sessions and routes for /health and /metrics: per platform with any
// configured, how many there are and how many rest in quarantine (counts only: never a file's
// contents or a proxy's address), and a warning for each pool with nothing healthy left.
import { platforms } from '@grabbit/catalog';
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
    const sessionKeys = (await sessions.sessions(platform.id)).map((session) => session.key);
    const routeKeys = routesOf(settings.YTDLP_PROXIES, platform.id).map((route) => route.key);
    if (sessionKeys.length === 0 && routeKeys.length === 0) continue;
    const access = { sessions: await counts(sessionKeys), routes: await counts(routeKeys) };
    report.access[platform.id] = access;
    for (const [pool, state] of Object.entries(access)) {
      if (state.total > 0 && state.healthy === 0)
        report.warnings.push(
          `${platform.name}: every one of its ${pool} rests in quarantine after the site refused it`,
        );
    }
  }
  return report;
}
