// Task state in Redis for scaled mode, behind the same interface as the in-memory store: any API
// node answers any task, and a record expires with its result (the TTL counts from its last write).
import type { Redis } from 'ioredis';
import type { TaskRecord, TaskStateStore } from './task-state';
import { unavailable } from '../jobs/queue-errors';
import { RedisRecordStore } from '../jobs/redis-record-store';

export class RedisTaskStateStore implements TaskStateStore {
  private readonly records: RedisRecordStore<TaskRecord>;

  constructor(redis: Redis, ttlMs: number, prefix = 'grabbit:task:') {
    this.records = new RedisRecordStore(redis, prefix, ttlMs);
  }

  // While Redis is away, reads and writes answer 503 BUSY (try again shortly), never a 500.
  get(taskId: string): Promise<TaskRecord | undefined> {
    return this.records.get(taskId).catch(unavailable);
  }

  set(record: TaskRecord): Promise<void> {
    return this.records.set(record.task.taskId, record).catch(unavailable);
  }
}
