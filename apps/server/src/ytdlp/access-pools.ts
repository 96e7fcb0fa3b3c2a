// The sessions and routes of one configuration, the ledger of their health and the log the
// operator reads, made once per configuration (the server's, or a test's own) and shared by every
// run in this process. The process opens them with its log, and in scaled mode with the ledger
// every worker shares (Redis), before the first run; otherwise the ledger is this process's own
// and nothing is logged.
import type { PlatformId } from '@grabbit/catalog';
import type { AccessLedger } from './access-ledger';
import { MemoryAccessLedger } from './memory-access-ledger';
import { SessionPool, type SessionPoolSettings } from './session-pool';

export interface AccessSettings extends SessionPoolSettings {
  YTDLP_PROXIES: Partial<Record<PlatformId, string[]>>;
  ACCESS_COOLDOWN_SECONDS: number;
}

/** Where the operator is told of the pools' health (pino's signature). Never a cookie or a proxy address. */
export interface AccessLog {
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface AccessPools {
  ledger: AccessLedger;
  sessions: SessionPool;
  log: AccessLog;
  /** Platforms whose SITE_UNAVAILABLE the log has told since they last had a session. */
  unavailableTold: Set<PlatformId>;
  /** Sessions whose jar the log has said was trimmed on write-back (told once each). */
  jarTrimTold: Set<string>;
}

const made = new WeakMap<AccessSettings, AccessPools>();

const silent: AccessLog = { warn: () => undefined };

function makePools(settings: AccessSettings, ledger: AccessLedger, log: AccessLog): AccessPools {
  const pools = {
    ledger,
    sessions: new SessionPool(settings, ledger),
    log,
    unavailableTold: new Set<PlatformId>(),
    jarTrimTold: new Set<string>(),
  };
  made.set(settings, pools);
  return pools;
}

/** Opens the pools of `settings` with the process's log, and in scaled mode the shared ledger. */
export function openAccessPools(
  settings: AccessSettings,
  { ledger, log }: { ledger?: AccessLedger; log: AccessLog },
): AccessPools {
  return makePools(settings, ledger ?? new MemoryAccessLedger(settings.ACCESS_COOLDOWN_SECONDS * 1000), log);
}

export function accessPoolsFor(settings: AccessSettings): AccessPools {
  return made.get(settings) ?? openAccessPools(settings, { log: silent });
}
