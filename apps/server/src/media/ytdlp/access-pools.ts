// The sessions and routes of one configuration and the ledger of their health, made once per
// configuration (the server's, or a test's own) and shared by every run in this process. Scaled
// mode hands in the ledger every worker shares (Redis) before the first run; otherwise the
// ledger is this process's own.
import type { PlatformId } from '@grabbit/catalog';
import type { AccessLedger } from './access-ledger';
import { MemoryAccessLedger } from './memory-access-ledger';
import { SessionPool, type SessionPoolSettings } from './session-pool';

export interface AccessSettings extends SessionPoolSettings {
  YTDLP_PROXIES: Partial<Record<PlatformId, string[]>>;
  ACCESS_COOLDOWN_SECONDS: number;
}

export interface AccessPools {
  ledger: AccessLedger;
  sessions: SessionPool;
}

const made = new WeakMap<AccessSettings, AccessPools>();

/** Scaled mode: the pools of `settings` keep their health in `ledger`, shared with other processes. */
export function shareAccessLedger(settings: AccessSettings, ledger: AccessLedger): void {
  made.set(settings, { ledger, sessions: new SessionPool(settings, ledger) });
}

export function accessPoolsFor(settings: AccessSettings): AccessPools {
  let pools = made.get(settings);
  if (!pools) {
    const ledger = new MemoryAccessLedger(settings.ACCESS_COOLDOWN_SECONDS * 1000);
    pools = { ledger, sessions: new SessionPool(settings, ledger) };
    made.set(settings, pools);
  }
  return pools;
}
