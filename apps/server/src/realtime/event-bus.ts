// The event bus: jobs publish progress to a group (one task, batch or conversion) and the real-time
// hub forwards it to the clients that joined that group. Embedded mode uses this in-process bus; a
// Redis-backed one can take its place without touching publishers or the hub.
import { EventEmitter } from 'node:events';
import type { HubEventName, HubServerEvents } from '@grabbit/contracts';

export type GroupName = `task:${string}` | `batch:${string}` | `conversion:${string}`;

/**
 * The one change event of job records (jobs/): its group names the job, and whoever follows the
 * job reads its record again. It stays between processes: the hub sends it to no client.
 */
export const jobChangedEvent = 'JobChanged';

export type BusMessage =
  | { group: GroupName; event: HubEventName; args: unknown[] }
  | { group: `job:${string}`; event: typeof jobChangedEvent; args: [] };

export interface EventBus {
  /** Sends an event to every client in a group; the contracts' event map types its arguments. */
  publish<E extends HubEventName>(group: GroupName, event: E, ...args: Parameters<HubServerEvents[E]>): void;
  /** Tells every process that a job's record changed. */
  publishJobChange(jobId: string): void;
  /** Receives every published message; returns the unsubscribe function. */
  subscribe(listener: (message: BusMessage) => void): () => void;
}

export class InProcessEventBus implements EventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publish<E extends HubEventName>(group: GroupName, event: E, ...args: Parameters<HubServerEvents[E]>): void {
    this.emitter.emit('message', { group, event, args } satisfies BusMessage);
  }

  publishJobChange(jobId: string): void {
    this.emitter.emit('message', {
      group: `job:${jobId}`,
      event: jobChangedEvent,
      args: [],
    } satisfies BusMessage);
  }

  subscribe(listener: (message: BusMessage) => void): () => void {
    this.emitter.on('message', listener);
    return () => this.emitter.off('message', listener);
  }
}
