// A site that serves nothing without a login (the catalog's `loginRequired`) is unavailable while
// the operator's session pool for it is set up but has no session to give (none left in the
// folder, all quarantined, or all at their hourly budget): its runs fail at once with
// SITE_UNAVAILABLE rather than reach the login wall without cookies. The operator is told once,
// in one warning line, until the platform has a session again. Other sites run without cookies.
import type { Platform } from '@grabbit/catalog';
import { AppError } from '../core/app-error';
import type { AccessPools } from './access-pools';

export class SiteUnavailableError extends AppError {
  constructor(platform: Platform) {
    super(
      'SITE_UNAVAILABLE',
      `Downloads from ${platform.name} are unavailable right now. Please try again later.`,
    );
    this.name = 'SiteUnavailableError';
  }
}

/** Throws SITE_UNAVAILABLE when the platform needs a login and its configured pool gave no session. */
export async function refuseWithoutSession(pools: AccessPools, platform: Platform): Promise<void> {
  if (!platform.loginRequired || !(await pools.sessions.configured(platform.id))) return;
  if (!pools.unavailableTold.has(platform.id)) {
    pools.unavailableTold.add(platform.id);
    pools.log.warn(
      { platform: platform.id, code: 'SITE_UNAVAILABLE' },
      `${platform.name} needs a login and no session of its pool is healthy: its downloads fail with SITE_UNAVAILABLE until one is`,
    );
  }
  throw new SiteUnavailableError(platform);
}

/** The platform had a session for a run: a later outage is told again. */
export function sessionGiven(pools: AccessPools, platform: Platform): void {
  pools.unavailableTold.delete(platform.id);
}
