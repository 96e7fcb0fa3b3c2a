// The task state machine: progress only moves forward and stays below 100 until the end, a
// finished task never changes, and every change reaches the bus in order.
import { hubEvents } from '@grabbit/contracts';
import { describe, expect, it } from 'vitest';
import { JobRecords } from '../jobs/job-records';
import { MemoryJobRecordStore } from '../jobs/memory-job-records';
import { InProcessEventBus, type BusMessage } from '../realtime/event-bus';
import { TaskStore } from './task-store';

function setup() {
  const bus = new InProcessEventBus();
  const messages: BusMessage[] = [];
  bus.subscribe((message) => {
    if (message.group.startsWith('task:')) messages.push(message);
  });
  const records = new JobRecords(new MemoryJobRecordStore(3_600_000, 3_600_000), bus);
  return { bus, messages, records, tasks: new TaskStore(records, bus) };
}

const owner = { owner: 'client-a' };

const input = { platform: 'youtube', url: 'https://www.youtube.com/watch?v=abc', format: 'mp4' } as const;
const result = { fileId: 'f', fileName: 'a.mp4', fileSize: 3, expiresAt: Date.now() + 60_000, title: 'A' };

describe('TaskStore', () => {
  it('moves progress forward only, below 100 while running', async () => {
    const { tasks } = setup();
    const { taskId } = await tasks.create(input, owner);
    await tasks.progress(taskId, { status: 'downloading', progress: 40 });
    await tasks.progress(taskId, { progress: 20 });
    expect((await tasks.get(taskId))?.progress).toBe(40);
    await tasks.progress(taskId, { progress: 150 });
    expect((await tasks.get(taskId))?.progress).toBe(99);
  });

  it('completes once: later changes and failures are ignored', async () => {
    const { tasks, messages } = setup();
    const { taskId } = await tasks.create(input, owner);
    await tasks.complete(taskId, result);
    await tasks.fail(taskId, { code: 'DOWNLOAD_FAILED', message: 'late' });
    await tasks.progress(taskId, { progress: 10 });
    const record = await tasks.record(taskId);
    expect(record?.task).toMatchObject({
      status: 'completed',
      progress: 100,
      downloadUrl: '/api/download/file/f',
    });
    expect(record?.result).toEqual({ fileId: 'f', fileName: 'a.mp4', fileSize: 3 });
    expect(messages.map((m) => m.event)).toEqual([hubEvents.taskProgress, hubEvents.taskCompleted]);
  });

  it('a failure carries its code and message to the task and the bus', async () => {
    const { tasks, messages } = setup();
    const { taskId } = await tasks.create(input, owner);
    await tasks.fail(taskId, { code: 'MEDIA_TOO_LONG', message: 'Too long' });
    expect(await tasks.get(taskId)).toMatchObject({
      status: 'error',
      errorCode: 'MEDIA_TOO_LONG',
      error: 'Too long',
    });
    expect(messages).toEqual([
      {
        group: `task:${taskId}`,
        event: hubEvents.taskError,
        args: [taskId, { code: 'MEDIA_TOO_LONG', message: 'Too long' }],
      },
    ]);
  });
});

describe('TaskStore job records', () => {
  it("takes over a request's slot and gives it back when the task ends", async () => {
    const { tasks, records } = setup();
    const slot = await records.takeSlot('slot-1', 'client-a', 1);
    expect(slot).toBeDefined();
    const { taskId } = await tasks.create(input, { slot: slot! });
    expect(taskId).toBe('slot-1');
    expect(await records.get(taskId)).toMatchObject({
      kind: 'download',
      status: 'queued',
      owner: 'client-a',
    });
    // The request ending does not end the task, nor free its slot.
    await records.endRead(slot!);
    expect(await records.slotsHeld('client-a')).toBe(1);
    await tasks.progress(taskId, { status: 'downloading', progress: 5 });
    expect(await records.get(taskId)).toMatchObject({ status: 'running' });
    await tasks.fail(taskId, { code: 'DOWNLOAD_FAILED', message: 'x' });
    expect(await records.get(taskId)).toMatchObject({ status: 'failed', errorCode: 'DOWNLOAD_FAILED' });
    expect(await records.slotsHeld('client-a')).toBe(0);
  });

  it('refuses to start on a slot whose request already ended', async () => {
    const { tasks, records } = setup();
    const slot = (await records.takeSlot('slot-1', 'client-a', 1))!;
    await records.endRead(slot);
    await expect(tasks.create(input, { slot })).rejects.toMatchObject({ code: 'REQUEST_CANCELLED' });
  });
});

describe('TaskStore.waitForEnd', () => {
  it('resolves when the task ends, with its result', async () => {
    const { tasks } = setup();
    const { taskId } = await tasks.create(input, owner);
    const waiting = tasks.waitForEnd(taskId);
    await tasks.progress(taskId, { progress: 50 });
    await tasks.complete(taskId, result);
    expect((await waiting)?.result?.fileId).toBe('f');
  });

  it('answers at once for a finished task, and undefined for an unknown one', async () => {
    const { tasks } = setup();
    const { taskId } = await tasks.create(input, owner);
    await tasks.fail(taskId, { code: 'DOWNLOAD_FAILED', message: 'x' });
    expect((await tasks.waitForEnd(taskId))?.task.status).toBe('error');
    expect(await tasks.waitForEnd('unknown')).toBeUndefined();
  });
});
