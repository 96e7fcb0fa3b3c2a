// An owner's public jobs: pages by cursor that skip what is no public job, and another owner's
// job (or a running-job slot) not found to read or cancel.
import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../realtime/event-bus';
import { sampleJob } from './job-records.contract';
import { JobRecords } from './job-records';
import { MemoryJobRecordStore } from './memory-job-records';
import { PublicJobs } from './public-jobs';

const hour = 3_600_000;

async function someJobs() {
  const records = new JobRecords(new MemoryJobRecordStore(hour, hour), new InProcessEventBus());
  for (const [index, id] of ['a', 'b', 'c', 'd'].entries())
    await records.create(sampleJob(id, 'owner', { createdAt: 1000 + index }));
  await records.create(sampleJob('slot', 'owner', { kind: 'read', createdAt: 1002 }));
  await records.create(sampleJob('theirs', 'other', { createdAt: 1003 }));
  await records.update('d', (current) => ({ ...current, status: 'done', progress: 100 }));
  return new PublicJobs(records);
}

describe('PublicJobs', () => {
  it('lists the owner’s public jobs newest first, a page by cursor, filtered by status', async () => {
    const jobs = await someJobs();
    const first = await jobs.list('owner', { limit: 2 });
    expect(first.jobs.map((job) => job.id)).toEqual(['d', 'c']);
    expect(first.nextCursor).toBeDefined();
    const second = await jobs.list('owner', { limit: 2, cursor: first.nextCursor });
    expect(second.jobs.map((job) => job.id)).toEqual(['b', 'a']);
    expect(second.nextCursor).toBeUndefined();
    const done = await jobs.list('owner', { limit: 20, status: 'done' });
    expect(done.jobs.map((job) => job.id)).toEqual(['d']);
    await expect(jobs.list('owner', { limit: 2, cursor: 'nonsense' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it('reads and cancels only the owner’s public jobs', async () => {
    const jobs = await someJobs();
    expect(await jobs.read('owner', 'a')).toMatchObject({ id: 'a', status: 'queued' });
    for (const id of ['theirs', 'slot', 'missing'])
      await expect(jobs.read('owner', id)).rejects.toMatchObject({ code: 'JOB_NOT_FOUND' });
    await expect(jobs.cancel('other', 'a')).rejects.toMatchObject({ code: 'JOB_NOT_FOUND' });
    expect(await jobs.cancel('owner', 'a')).toMatchObject({
      id: 'a',
      status: 'cancelled',
      error: { code: 'JOB_CANCELLED' },
    });
    await expect(jobs.cancel('owner', 'd')).rejects.toMatchObject({ code: 'JOB_ALREADY_ENDED' });
  });
});
