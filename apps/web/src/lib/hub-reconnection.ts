// The hub's reconnect schedule, run by socket.io's own reconnection: delays from 1 s doubling to
// 10 s (spread a little, so many pages do not come back at once) for as many attempts as fit in
// 60 s; once socket.io gives up, 5 more tries 2 s apart; then the hub counts as closed (the pages'
// reads follow their jobs meanwhile). Only the manager's settings change between the two phases.
import { network } from '@grabbit/catalog';
import type { ManagerOptions } from 'socket.io-client';

/** How many doubling delays fit before `stopAfterMs` has passed. */
export function attemptsWithin(stopAfterMs: number, startMs: number, maxMs: number): number {
  let elapsed = 0;
  for (let attempt = 0; ; attempt += 1) {
    elapsed += Math.min(startMs * 2 ** attempt, maxMs);
    if (elapsed > stopAfterMs) return attempt;
  }
}

type Schedule = Required<
  Pick<
    ManagerOptions,
    'reconnectionDelay' | 'reconnectionDelayMax' | 'randomizationFactor' | 'reconnectionAttempts'
  >
>;

/** The automatic phase after a drop. */
export const automatic: Schedule = {
  reconnectionDelay: network.hubBackoffStartMs,
  reconnectionDelayMax: network.hubBackoffMaxMs,
  randomizationFactor: 0.5,
  reconnectionAttempts: attemptsWithin(
    network.hubBackoffStopAfterMs,
    network.hubBackoffStartMs,
    network.hubBackoffMaxMs,
  ),
};

/**
 * The last tries once the automatic phase gave up: the first at once (the client connects again),
 * socket.io the others 2 s apart.
 */
export const lastTries: Schedule = {
  reconnectionDelay: network.reconnectRetryDelayMs,
  reconnectionDelayMax: network.reconnectRetryDelayMs,
  randomizationFactor: 0,
  reconnectionAttempts: network.reconnectRetries - 1,
};

/** socket.io's manager, as far as its schedule goes. */
interface ScheduledManager {
  reconnectionDelay(ms: number): unknown;
  reconnectionDelayMax(ms: number): unknown;
  randomizationFactor(factor: number): unknown;
  reconnectionAttempts(attempts: number): unknown;
}

export function applySchedule(manager: ScheduledManager, schedule: Schedule): void {
  manager.reconnectionDelay(schedule.reconnectionDelay);
  manager.reconnectionDelayMax(schedule.reconnectionDelayMax);
  manager.randomizationFactor(schedule.randomizationFactor);
  manager.reconnectionAttempts(schedule.reconnectionAttempts);
}
