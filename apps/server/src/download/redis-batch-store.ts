// Playlist batches in Redis for scaled mode, so any API node answers a batch's status and zip and
// moves it on. Three kinds of keys, all expiring `ttlMs` after the batch was made (like task
// state): the batch's fixed definition (JSON), its progress (a hash changed only by one Lua step,
// so a progress or the end is granted to one caller across all nodes), and one key per task
// naming its batch. While Redis is away, calls fail with 503 BUSY.
import type { Redis } from 'ioredis';
import type { BatchRecord, BatchStore } from './batch-store';
import { unavailable } from '../jobs/queue-errors';

type BatchDefinition = Omit<BatchRecord, 'lastProgress' | 'finished'>;

// KEYS[1] the progress hash; ARGV[1] 'finished' or the new progress. Returns 1 when it moved.
const advanceScript = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if redis.call('HGET', KEYS[1], 'finished') == '1' then return 0 end
if ARGV[1] == 'finished' then
  redis.call('HSET', KEYS[1], 'finished', '1')
  return 1
end
local last = tonumber(redis.call('HGET', KEYS[1], 'lastProgress') or '-1')
if tonumber(ARGV[1]) <= last then return 0 end
redis.call('HSET', KEYS[1], 'lastProgress', ARGV[1])
return 1`;

export class RedisBatchStore implements BatchStore {
  constructor(
    private readonly redis: Redis,
    /** Key prefix, e.g. `grabbit:`. */
    private readonly prefix: string,
    private readonly ttlMs: number,
  ) {}

  private definitionKey(batchId: string): string {
    return `${this.prefix}batch:${batchId}`;
  }

  private progressKey(batchId: string): string {
    return `${this.prefix}batch-progress:${batchId}`;
  }

  private taskKey(taskId: string): string {
    return `${this.prefix}batch-of-task:${taskId}`;
  }

  async put(batch: BatchRecord): Promise<void> {
    const { lastProgress, finished, ...definition } = batch;
    const progress = this.progressKey(batch.batchId);
    const write = this.redis
      .multi()
      .set(this.definitionKey(batch.batchId), JSON.stringify(definition), 'PX', this.ttlMs)
      .del(progress)
      .hset(progress, { lastProgress: String(lastProgress), finished: finished ? '1' : '0' })
      .pexpire(progress, this.ttlMs);
    for (const item of batch.items) write.set(this.taskKey(item.taskId), batch.batchId, 'PX', this.ttlMs);
    await write.exec().catch(unavailable);
  }

  async get(batchId: string): Promise<BatchRecord | undefined> {
    const [text, progress] = await Promise.all([
      this.redis.get(this.definitionKey(batchId)),
      this.redis.hgetall(this.progressKey(batchId)),
    ]).catch(unavailable);
    if (text === null) return undefined;
    const definition = JSON.parse(text) as BatchDefinition;
    return {
      ...definition,
      lastProgress: Number(progress.lastProgress ?? -1),
      finished: progress.finished === '1',
    };
  }

  async batchOfTask(taskId: string): Promise<string | undefined> {
    return (await this.redis.get(this.taskKey(taskId)).catch(unavailable)) ?? undefined;
  }

  async advance(batchId: string, change: { progress: number } | { finished: true }): Promise<boolean> {
    const step = 'finished' in change ? 'finished' : String(change.progress);
    const moved = await this.redis.eval(advanceScript, 1, this.progressKey(batchId), step).catch(unavailable);
    return moved === 1;
  }

  /** Milliseconds until the batch's definition expires (-2 when absent), for tests and operators. */
  ttlOf(batchId: string): Promise<number> {
    return this.redis.pttl(this.definitionKey(batchId));
  }
}
