// At most a few running jobs per client, so one visitor cannot fill the queues for everyone else.
// A job holds its client's slot from the request that starts it until the answer is sent and, for
// downloads and playlists answered with a task or batch id, until the hub reports that task or
// batch finished (or a safety deadline passes, so a lost event never holds a slot for ever).
import { hubEvents } from '@grabbit/contracts';
import type { EventBus } from '../realtime/event-bus';

const finishEvents = new Set<string>([
  hubEvents.taskCompleted,
  hubEvents.taskError,
  hubEvents.batchCompleted,
  hubEvents.batchError,
]);

export class ActiveJobs {
  private readonly counts = new Map<string, number>();
  /** Group ("task:<id>" or "batch:<id>") to the release of its slot. */
  private readonly waiting = new Map<string, () => void>();
  private readonly unsubscribe: () => void;

  constructor(
    bus: EventBus,
    private readonly deadlineMs: number,
  ) {
    this.unsubscribe = bus.subscribe((message) => {
      if (!finishEvents.has(message.event)) return;
      this.waiting.get(message.group)?.();
    });
  }

  count(client: string): number {
    return this.counts.get(client) ?? 0;
  }

  /** Takes a slot; the returned function gives it back (once, however often it is called). */
  take(client: string): () => void {
    this.counts.set(client, this.count(client) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = this.count(client) - 1;
      if (left > 0) this.counts.set(client, left);
      else this.counts.delete(client);
    };
  }

  /** Keeps a slot until the group's task or batch finishes (or the deadline passes). */
  holdUntilFinished(group: string, release: () => void): void {
    const timer = setTimeout(() => done(), this.deadlineMs);
    timer.unref();
    const done = () => {
      clearTimeout(timer);
      this.waiting.delete(group);
      release();
    };
    this.waiting.set(group, done);
  }

  close(): void {
    this.unsubscribe();
    for (const done of [...this.waiting.values()]) done();
  }
}
