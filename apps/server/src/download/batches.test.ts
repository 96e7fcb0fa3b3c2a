// Batch progress as a state machine: computed from its tasks' states on each task event, it publishes progress only when
// it changes, and ends once with BatchCompleted (some or all ready) or BatchError (none ready).
import { platformById } from '@grabbit/catalog';
import { hubEvents } from '@grabbit/contracts';
import { describe, expect, it } from 'vitest';
import { InProcessEventBus, type BusMessage } from '../realtime/event-bus';
import type { ResultStore } from '../storage/result-store';
import { JobRecords } from '../jobs/job-records';
import { MemoryJobRecordStore } from '../jobs/memory-job-records';
import { PlaylistBatches } from './batches';
import { TaskStore } from './task-store';

function setup() {
  const bus = new InProcessEventBus();
  const records = new JobRecords(new MemoryJobRecordStore(3_600_000, 3_600_000), bus);
  const tasks = new TaskStore(records, bus);
  const results: ResultStore = {
    put: async () => {
      throw new Error('no result is stored in these tests');
    },
    open: async () => undefined,
    delete: async () => undefined,
    sweep: async () => 0,
  };
  const batches = new PlaylistBatches(
    {
      tasks,
      results,
      records,
      testHosts: [],
      startTask: (platform, input, origin) =>
        tasks.create(
          { platform: platform.id, url: input.url, format: input.format, batchId: input.batchId },
          origin,
        ),
      postItems: async () => {
        throw new Error('no post is read in these tests');
      },
    },
    bus,
  );
  const events: BusMessage[] = [];
  bus.subscribe((message) => {
    if (message.group.startsWith('batch:')) events.push(message);
  });
  return { tasks, records, batches, events };
}

const youtube = platformById('youtube')!;
const items = [{ url: 'https://www.youtube.com/watch?v=a' }, { url: 'https://www.youtube.com/watch?v=b' }];
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('PlaylistBatches', () => {
  it('follows its tasks to BatchCompleted when some items are ready', async () => {
    const { tasks, records, batches, events } = setup();
    const slot = (await records.takeSlot('batch-1', 'client-a', 1))!;
    const batch = await batches.create(
      youtube,
      { items, format: 'mp4', quality: 'best', title: 'Mix' },
      { slot },
    );
    const [a, b] = batch.items.map((item) => item.taskId) as [string, string];
    // The batch holds the request's one slot; its items hold none.
    expect(batch.batchId).toBe('batch-1');
    expect(await records.slotsHeld('client-a')).toBe(1);
    await tasks.progress(a, { status: 'downloading', progress: 50 });
    await tick();
    await tasks.complete(a, {
      fileId: 'f',
      fileName: 'a.mp4',
      fileSize: 1,
      expiresAt: Date.now() + 60_000,
      title: 'A',
    });
    await tick();
    await tasks.fail(b, { code: 'DOWNLOAD_FAILED', message: 'gone' });
    await tick();
    const status = await batches.status(batch.batchId);
    expect(status).toMatchObject({ status: 'completed', progress: 100, completedItems: 1, failedItems: 1 });
    expect(await records.get('batch-1')).toMatchObject({ kind: 'batch', status: 'done' });
    expect(await records.slotsHeld('client-a')).toBe(0);
    const names = events.map((e) => e.event);
    expect(names.filter((n) => n === hubEvents.batchCompleted)).toHaveLength(1);
    expect(names.at(-1)).toBe(hubEvents.batchCompleted);
    const progress = events
      .filter((e) => e.event === hubEvents.batchProgress)
      .map((e) => e.args[1] as number);
    expect(progress).toEqual([...new Set(progress)].sort((x, y) => x - y));
    expect(events.at(-1)?.args[1]).toMatchObject({
      success: false,
      message: expect.stringMatching(/1 downloaded, 1 failed/),
    });
  });

  it('ends with BatchError when no item could be downloaded', async () => {
    const { tasks, batches, events } = setup();
    const batch = await batches.create(
      youtube,
      { items, format: 'mp4', quality: 'best' },
      { owner: 'client-a' },
    );
    for (const item of batch.items) await tasks.fail(item.taskId, { code: 'DOWNLOAD_FAILED', message: 'x' });
    await tick();
    expect((await batches.status(batch.batchId))?.status).toBe('error');
    expect(events.at(-1)?.event).toBe(hubEvents.batchError);
  });

  it('refuses the whole batch when one link is refused, naming the item', async () => {
    const { batches } = setup();
    await expect(
      batches.create(
        youtube,
        {
          items: [...items, { url: 'https://example.com/x' }],
          format: 'mp4',
          quality: 'best',
        },
        { owner: 'client-a' },
      ),
    ).rejects.toThrow(/^Item 3: /);
  });
});
