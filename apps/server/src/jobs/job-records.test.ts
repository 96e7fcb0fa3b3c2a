// The one place a job's end is told (webhooks start there): once, when a change moves a record
// into a final state, whichever kind or feature ended it; never for other changes.
import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../realtime/event-bus';
import type { JobRecord } from './job-record';
import { sampleJob } from './job-records.contract';
import { JobRecords } from './job-records';
import { MemoryJobRecordStore } from './memory-job-records';

const hour = 3_600_000;

describe('JobRecords.onEnd', () => {
  it('tells each listener once per job that ends, with the record as stored', async () => {
    const jobs = new JobRecords(new MemoryJobRecordStore(hour, hour), new InProcessEventBus());
    const ended: JobRecord[] = [];
    jobs.onEnd((record) => ended.push(record));
    await jobs.create(sampleJob('a'));
    await jobs.create(sampleJob('b'));
    await jobs.update('a', (current) => ({ ...current, status: 'running', progress: 50 }));
    expect(ended).toEqual([]);
    await jobs.update('a', (current) => ({ ...current, status: 'done', progress: 100, resultLink: '/x' }));
    // A later change of an ended record (its result collected) is no second end.
    await jobs.update('a', (current) => ({ ...current, pickup: 'collected' }));
    await jobs.update('b', (current) => ({ ...current, status: 'cancelled', errorCode: 'JOB_CANCELLED' }));
    await jobs.update('b', () => undefined);
    expect(ended.map((record) => [record.id, record.status])).toEqual([
      ['a', 'done'],
      ['b', 'cancelled'],
    ]);
    expect(ended[0]).toMatchObject({ resultLink: '/x', progress: 100 });
  });
});
