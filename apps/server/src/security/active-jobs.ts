// At most a few running jobs per client, so one visitor cannot fill the queues for everyone else.
// A job holds its client's slot from the request that starts it until the answer is sent and, for
// downloads and playlists answered with a task or batch id, until the hub reports that task or
// batch finished (or a safety deadline passes, so a lost event never holds a slot for ever).
// The slots are counted in this process (MemoryJobSlots) or, in scaled mode, in Redis for every
// API node together (RedisJobSlots).
import { hubEvents } from '@grabbit/contracts';
import type { EventBus } from '../realtime/event-bus';

const finishEvents = new Set<string>([
  hubEvents.taskCompleted,
  hubEvents.taskError,
  hubEvents.batchCompleted,
  hubEvents.batchError,
]);

/** Where slots are counted. */
export interface JobSlots {
  /**
   * Takes a slot unless the client holds `cap` already: the function that gives it back, or
   * undefined when the client is at its cap. A slot not given back ends by itself at `deadline`
   * (epoch ms) where the counter can do that (Redis: a node that died holds nothing for ever).
   */
  take(client: string, cap: number, deadline: number): Promise<(() => void) | undefined>;
}

export class MemoryJobSlots implements JobSlots {
  private readonly counts = new Map<string, number>();

  count(client: string): number {
    return this.counts.get(client) ?? 0;
  }

  async take(client: string, cap: number): Promise<(() => void) | undefined> {
    if (this.count(client) >= cap) return undefined;
    this.counts.set(client, this.count(client) + 1);
    return () => {
      const left = this.count(client) - 1;
      if (left > 0) this.counts.set(client, left);
      else this.counts.delete(client);
    };
  }
}

export class ActiveJobs {
  /** Group ("task:<id>" or "batch:<id>") to the release of its slot. */
  private readonly waiting = new Map<string, () => void>();
  private readonly unsubscribe: () => void;

  constructor(
    bus: EventBus,
    private readonly deadlineMs: number,
    private readonly slots: JobSlots = new MemoryJobSlots(),
  ) {
    this.unsubscribe = bus.subscribe((message) => {
      if (!finishEvents.has(message.event)) return;
      this.waiting.get(message.group)?.();
    });
  }

  /**
   * Takes a slot when the client has fewer than `cap`; the returned function gives it back (once,
   * however often it is called). Undefined when the client is at its cap.
   */
  async take(client: string, cap: number): Promise<(() => void) | undefined> {
    if (cap === Infinity) return () => {};
    const release = await this.slots.take(client, cap, Date.now() + this.deadlineMs);
    if (!release) return undefined;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
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
