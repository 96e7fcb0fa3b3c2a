// What every JobRecordStore must do, as one reusable suite: the memory store runs it in the unit
// tests, the Redis store against a real redis-server (test/scaled-contracts.test.ts).
import { describe, expect, it, vi } from 'vitest';
import { newJobRecord, type JobRecord, type JobRecordStore } from './job-record';

export type MakeJobRecordStore = (options: { slotMs: number }) => JobRecordStore | Promise<JobRecordStore>;

const hour = 3_600_000;

export function sampleJob(id: string, owner = 'client-a', change: Partial<JobRecord> = {}): JobRecord {
  return {
    ...newJobRecord({ id, kind: 'download', owner, detail: { url: 'https://example.com/a' } }),
    ...change,
  };
}

const ended = (record: JobRecord<unknown>): JobRecord<unknown> => ({
  ...record,
  status: 'done',
  progress: 100,
});

/** A finished job of `owner` whose stored result (`file-<id>`, `bytes` long) is kept for an hour. */
export function finishedJob(id: string, owner: string, bytes: number, change: Partial<JobRecord> = {}) {
  return sampleJob(id, owner, {
    status: 'done',
    result: `file-${id}`,
    resultBytes: bytes,
    resultExpiresAt: Date.now() + hour,
    ...change,
  });
}

export function runJobRecordStoreContract(name: string, makeStore: MakeJobRecordStore): void {
  const fresh = () => makeStore({ slotMs: hour });

  describe(`${name} (job record store contract)`, () => {
    it('knows nothing of an unknown job, and an update leaves it unknown', async () => {
      const store = await fresh();
      expect(await store.get('nope')).toBeUndefined();
      expect(await store.update('nope', (current) => ({ ...current, progress: 5 }))).toBeUndefined();
      expect(await store.get('nope')).toBeUndefined();
    });

    it('answers the record written, detail included, and each change made to it', async () => {
      const store = await fresh();
      const record = sampleJob('j1');
      expect(await store.create(record)).toBe(true);
      expect(await store.get('j1')).toEqual(record);
      const running = await store.update('j1', (current) => ({
        ...current,
        status: 'running',
        progress: 40,
      }));
      expect(running).toMatchObject({ status: 'running', progress: 40, detail: record.detail });
      expect(await store.get('j1')).toEqual(running);
    });

    it('leaves a record as it is when the change answers undefined', async () => {
      const store = await fresh();
      await store.create(sampleJob('j1'));
      expect(await store.update('j1', () => undefined)).toEqual(
        sampleJob('j1', 'client-a', { createdAt: expect.any(Number), updatedAt: expect.any(Number) }),
      );
    });

    it('applies changes made at once one after another, none lost', async () => {
      const store = await fresh();
      await store.create(sampleJob('j1'));
      await Promise.all(
        Array.from({ length: 20 }, () =>
          store.update('j1', (current) => ({ ...current, progress: current.progress + 1 })),
        ),
      );
      expect((await store.get('j1'))?.progress).toBe(20);
    });

    it("refuses a slot-holding job over its owner's cap, and never another owner's", async () => {
      const store = await fresh();
      expect(await store.create(sampleJob('a1'), 2)).toBe(true);
      expect(await store.create(sampleJob('a2'), 2)).toBe(true);
      expect(await store.create(sampleJob('a3'), 2)).toBe(false);
      expect(await store.get('a3')).toBeUndefined();
      expect(await store.create(sampleJob('b1', 'client-b'), 2)).toBe(true);
      expect(await store.slotsHeld('client-a')).toBe(2);
      expect(await store.slotsHeld('client-b')).toBe(1);
    });

    it('gives the cap to exactly that many of many jobs started at once', async () => {
      const store = await fresh();
      const ids = Array.from({ length: 8 }, (_, index) => `c${index}`);
      const created = await Promise.all(ids.map((id) => store.create(sampleJob(id), 3)));
      expect(created.filter(Boolean)).toHaveLength(3);
      expect(await store.slotsHeld('client-a')).toBe(3);
    });

    it('gives a slot back when its job ends or is forgotten, not before', async () => {
      const store = await fresh();
      await store.create(sampleJob('a1'), 2);
      await store.create(sampleJob('a2'), 2);
      await store.update('a1', (current) => ({ ...current, status: 'running' }));
      expect(await store.slotsHeld('client-a')).toBe(2);
      await store.update('a1', ended);
      expect(await store.slotsHeld('client-a')).toBe(1);
      await store.delete('a2');
      expect(await store.slotsHeld('client-a')).toBe(0);
      expect(await store.get('a2')).toBeUndefined();
      expect(await store.get('a1')).toMatchObject({ status: 'done' });
    });

    it('does not count jobs that hold no slot (a batch item rides on its batch)', async () => {
      const store = await fresh();
      await store.create(sampleJob('batch'), 1);
      expect(await store.create(sampleJob('item', 'client-a', { holdsSlot: false }), 1)).toBe(true);
      expect(await store.slotsHeld('client-a')).toBe(1);
    });

    it("counts an owner's finished results that wait for it, with their bytes, and nothing else", async () => {
      const store = await fresh();
      await store.create(finishedJob('w1', 'client-a', 100));
      await store.create(sampleJob('w2', 'client-a'));
      await store.update('w2', (current) => ({ ...current, ...finishedJob('w2', 'client-a', 50) }));
      // Not waiting: still running, failed, answered in its request, collected, a cloud copy (its
      // result is in cloud storage, under its own quota), another owner's.
      await store.create(sampleJob('running', 'client-a', { status: 'running' }));
      await store.create(sampleJob('failed', 'client-a', { status: 'failed' }));
      await store.create(finishedJob('direct', 'client-a', 7, { pickup: 'request' }));
      await store.create(finishedJob('fetched', 'client-a', 7, { pickup: 'collected' }));
      await store.create(finishedJob('cloud-copy', 'client-a', 7, { kind: 'cloud' }));
      await store.create(finishedJob('b1', 'client-b', 9));
      expect(await store.waitingResults('client-a')).toEqual({ count: 2, bytes: 150 });
      expect(await store.waitingResults('client-b')).toEqual({ count: 1, bytes: 9 });
      expect(await store.waitingResults('client-c')).toEqual({ count: 0, bytes: 0 });
    });

    it('stops counting a result once collected or its record deleted, and counts one left by its request', async () => {
      const store = await fresh();
      await store.create(finishedJob('w1', 'client-a', 100));
      await store.create(finishedJob('w2', 'client-a', 50));
      await store.create(finishedJob('direct', 'client-a', 7, { pickup: 'request' }));
      expect(await store.jobOfWaitingResult('file-w1')).toBe('w1');
      expect(await store.jobOfWaitingResult('file-direct')).toBeUndefined();
      expect(await store.jobOfKeptResult('file-direct')).toBe('direct');
      await store.update('w1', (current) => ({ ...current, pickup: 'collected' }));
      expect(await store.jobOfWaitingResult('file-w1')).toBeUndefined();
      // Collected is still kept: its owner may delete it, and its link still serves it.
      expect(await store.jobOfKeptResult('file-w1')).toBe('w1');
      await store.delete('w2');
      expect(await store.waitingResults('client-a')).toEqual({ count: 0, bytes: 0 });
      await store.update('direct', (current) => ({ ...current, pickup: 'owner' }));
      expect(await store.waitingResults('client-a')).toEqual({ count: 1, bytes: 7 });
      expect(await store.jobOfWaitingResult('file-direct')).toBe('direct');
    });

    it("counts a batch's parts as one result with all their bytes", async () => {
      const store = await fresh();
      await store.create(finishedJob('item1', 'client-a', 10, { partOf: 'batch' }));
      await store.create(finishedJob('item2', 'client-a', 20, { partOf: 'batch' }));
      await store.create(finishedJob('single', 'client-a', 5));
      expect(await store.waitingResults('client-a')).toEqual({ count: 2, bytes: 35 });
    });

    it('stops counting a result once it expires', async () => {
      const store = await fresh();
      await store.create(finishedJob('soon', 'client-a', 10, { resultExpiresAt: Date.now() + 150 }));
      expect(await store.waitingResults('client-a')).toEqual({ count: 1, bytes: 10 });
      await vi.waitFor(
        async () => expect(await store.waitingResults('client-a')).toEqual({ count: 0, bytes: 0 }),
        { timeout: 5_000 },
      );
      expect(await store.jobOfWaitingResult('file-soon')).toBeUndefined();
      expect(await store.jobOfKeptResult('file-soon')).toBeUndefined();
    });

    it("lists an owner's records newest first, a page at a time, filtered, and forgets deleted ones", async () => {
      const store = await fresh();
      const at = Date.now();
      for (const [index, id] of ['j1', 'j2', 'j3', 'j4'].entries())
        await store.create(sampleJob(id, 'client-a', { createdAt: at + index, updatedAt: at + index }));
      // Same time: the id orders them.
      await store.create(sampleJob('j5', 'client-a', { createdAt: at + 3, updatedAt: at + 3 }));
      await store.create(sampleJob('other', 'client-b'));
      await store.create(sampleJob('done', 'client-a', { createdAt: at - 1, status: 'done' }));
      const all = { limit: 10, accept: () => true };
      const ids = async (page: Parameters<JobRecordStore['listOwned']>[1]) =>
        (await store.listOwned('client-a', page)).map((record) => record.id);
      expect(await ids(all)).toEqual(['j5', 'j4', 'j3', 'j2', 'j1', 'done']);
      expect(await ids({ limit: 2, accept: () => true })).toEqual(['j5', 'j4']);
      expect(await ids({ ...all, limit: 2, after: { id: 'j4', createdAt: at + 3 } })).toEqual(['j3', 'j2']);
      expect(await ids({ ...all, accept: (record) => record.status === 'done' })).toEqual(['done']);
      await store.delete('j3');
      expect(await ids({ ...all, after: { id: 'j4', createdAt: at + 3 } })).toEqual(['j2', 'j1', 'done']);
      expect(await store.listOwned('client-c', all)).toEqual([]);
    });

    it('stops counting a slot past its deadline (a job whose process died never ended it)', async () => {
      const store = await makeStore({ slotMs: 150 });
      await store.create(sampleJob('lost'), 1);
      expect(await store.slotsHeld('client-a')).toBe(1);
      await vi.waitFor(async () => expect(await store.slotsHeld('client-a')).toBe(0), { timeout: 5_000 });
      expect(await store.create(sampleJob('next'), 1)).toBe(true);
    });
  });
}
