// The ways an operator's check (`npm run check-sites`) reaches one platform, so a bad session or
// route shows as its own row: when there are several routes, each healthy route once (its session
// taken from the pool as a visitor's run takes it), then each healthy session once (its route taken
// from the pool). Routes go first: a dead one is quarantined by its own row and then no longer
// taken for a session's. A platform with neither is checked once, as it is.
import type { PlatformId } from '@grabbit/catalog';
import { accessPoolsFor, type AccessSettings } from './access-pools';
import { routesOf, type Route } from './route-pool';
import type { Session } from './session-pool';

/** A session or route a run must use (no other is picked, and the run is not tried again). */
export interface PinnedAccess {
  session?: Session;
  route?: Route;
  /** Names it without a secret: the session's file under COOKIES_DIR, or `route N` (its place in the list). */
  label: string;
}

export async function accessChoices(settings: AccessSettings, platform: PlatformId): Promise<PinnedAccess[]> {
  const { ledger, sessions } = accessPoolsFor(settings);
  const healthy = async <T extends { key: string }>(items: T[]) => {
    const quarantined = await Promise.all(items.map((item) => ledger.isQuarantined(item.key)));
    return items.filter((_, index) => !quarantined[index]);
  };
  const routes = routesOf(settings.YTDLP_PROXIES, platform);
  const choices: PinnedAccess[] = [
    ...(routes.length > 1
      ? (await healthy(routes)).map((route) => ({ route, label: `route ${routes.indexOf(route) + 1}` }))
      : []),
    ...(await healthy(await sessions.sessions(platform))).map((session) => ({ session, label: session.id })),
  ];
  return choices.length > 0 ? choices : [{ label: '-' }];
}
