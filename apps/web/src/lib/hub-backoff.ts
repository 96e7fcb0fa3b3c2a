// The hub's reconnect schedule, as pure functions plus a small driver that
// takes its clock and timer from outside, so the schedule is unit-tested with fake timers.
// Automatic reconnect: delays from 1 s doubling to 10 s, giving up once 60 s have passed. After that
// (the connection counts as closed) the app tries again up to 5 times, 2 s apart.
import { network } from '@grabbit/catalog';

/** Delay before automatic reconnect attempt `retryCount` (0-based), or null to stop. */
export function reconnectDelay(retryCount: number, elapsedMs: number): number | null {
  if (elapsedMs >= network.hubBackoffStopAfterMs) return null;
  return Math.min(network.hubBackoffStartMs * 2 ** retryCount, network.hubBackoffMaxMs);
}

/** Delay before restart attempt `attempt` (0-based) after the connection closed, or null to stop. */
export function closedRetryDelay(attempt: number): number | null {
  return attempt < network.reconnectRetries ? network.reconnectRetryDelayMs : null;
}

export interface ReconnectHooks {
  /** One connection attempt; resolves true once connected. */
  attempt: () => Promise<boolean>;
  /** Called before the automatic phase and before the restart phase. */
  onPhase: (phase: 'reconnecting' | 'restarting' | 'gave-up') => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Returns true when the caller stopped the hub, to end the loop early. */
  cancelled?: () => boolean;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs both phases; resolves true when a connection came back, false when it gave up. */
export async function runReconnect({
  attempt,
  onPhase,
  now = Date.now,
  sleep = realSleep,
  cancelled = () => false,
}: ReconnectHooks): Promise<boolean> {
  const startedAt = now();
  onPhase('reconnecting');
  for (let retry = 0; ; retry += 1) {
    const delay = reconnectDelay(retry, now() - startedAt);
    if (delay === null) break;
    await sleep(delay);
    if (cancelled()) return false;
    if (await attempt()) return true;
  }
  onPhase('restarting');
  for (let retry = 0; ; retry += 1) {
    const delay = closedRetryDelay(retry);
    if (delay === null) break;
    await sleep(delay);
    if (cancelled()) return false;
    if (await attempt()) return true;
  }
  onPhase('gave-up');
  return false;
}
