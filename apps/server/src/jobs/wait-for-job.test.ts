// The one waiter: it ends on the change event, and also when the event never comes (a lost event
// is caught up by the periodic read).
import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../realtime/event-bus';
import { JobRecords } from './job-records';
import { sampleJob } from './job-records.contract';
import { MemoryJobRecordStore } from './memory-job-records';
import { waitForJob } from './wait-for-job';

const hour = 3_600_000;

describe('waitForJob', () => {
  it('settles with the ended record when its change event arrives', async () => {
    const bus = new InProcessEventBus();
    const jobs = new JobRecords(new MemoryJobRecordStore(hour, hour), bus);
    await jobs.create(sampleJob('j1'));
    const wait = waitForJob(jobs, bus, 'j1', hour);
    await jobs.update('j1', (current) => ({ ...current, status: 'running' }));
    await jobs.update('j1', (current) => ({ ...current, status: 'failed', errorCode: 'DOWNLOAD_FAILED' }));
    expect(await wait.done).toMatchObject({ id: 'j1', status: 'failed', errorCode: 'DOWNLOAD_FAILED' });
  });

  it('settles by re-reading when the change event is lost', async () => {
    const bus = new InProcessEventBus();
    const store = new MemoryJobRecordStore(hour, hour);
    const jobs = new JobRecords(store, bus);
    await jobs.create(sampleJob('j1'));
    const wait = waitForJob(jobs, bus, 'j1', 50);
    // Written straight to the store: no event is published.
    await store.update('j1', (current) => ({ ...current, status: 'done', result: 'file-1' }));
    expect(await wait.done).toMatchObject({ status: 'done', result: 'file-1' });
  });

  it('settles at once for an ended or unknown job, and as undefined when stopped', async () => {
    const bus = new InProcessEventBus();
    const jobs = new JobRecords(new MemoryJobRecordStore(hour, hour), bus);
    await jobs.create(sampleJob('j1', 'client-a', { status: 'cancelled' }));
    expect(await waitForJob(jobs, bus, 'j1').done).toMatchObject({ status: 'cancelled' });
    expect(await waitForJob(jobs, bus, 'nope').done).toBeUndefined();
    await jobs.create(sampleJob('j2'));
    const wait = waitForJob(jobs, bus, 'j2', hour);
    wait.stop();
    expect(await wait.done).toBeUndefined();
  });

  it('fails when the first read fails (the store is away)', async () => {
    const bus = new InProcessEventBus();
    const away = { get: () => Promise.reject(new Error('away')) };
    await expect(waitForJob(away, bus, 'j1').done).rejects.toThrow('away');
  });
});
