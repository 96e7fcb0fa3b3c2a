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

    it('stops counting a slot past its deadline (a job whose process died never ended it)', async () => {
      const store = await makeStore({ slotMs: 150 });
      await store.create(sampleJob('lost'), 1);
      expect(await store.slotsHeld('client-a')).toBe(1);
      await vi.waitFor(async () => expect(await store.slotsHeld('client-a')).toBe(0), { timeout: 5_000 });
      expect(await store.create(sampleJob('next'), 1)).toBe(true);
    });
  });
}
