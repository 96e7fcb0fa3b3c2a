// The task state machine: progress only moves forward and stays below 100 until the end, a
// finished task never changes, and every change reaches the bus in order.
import { hubEvents } from '@grabbit/contracts';
import { describe, expect, it } from 'vitest';
import { InProcessEventBus, type BusMessage } from '../realtime/event-bus';
import { MemoryTaskStateStore } from './task-state';
import { TaskStore } from './task-store';
import { waitForTask } from './wait-for-task';

function setup() {
  const bus = new InProcessEventBus();
  const messages: BusMessage[] = [];
  bus.subscribe((message) => messages.push(message));
  return { bus, messages, tasks: new TaskStore(new MemoryTaskStateStore(), bus) };
}

const input = { platform: 'youtube', url: 'https://www.youtube.com/watch?v=abc', format: 'mp4' } as const;
const result = { fileId: 'f', fileName: 'a.mp4', fileSize: 3, title: 'A' };

describe('TaskStore', () => {
  it('moves progress forward only, below 100 while running', async () => {
    const { tasks } = setup();
    const { taskId } = await tasks.create(input);
    await tasks.progress(taskId, { status: 'downloading', progress: 40 });
    await tasks.progress(taskId, { progress: 20 });
    expect((await tasks.get(taskId))?.progress).toBe(40);
    await tasks.progress(taskId, { progress: 150 });
    expect((await tasks.get(taskId))?.progress).toBe(99);
  });

  it('completes once: later changes and failures are ignored', async () => {
    const { tasks, messages } = setup();
    const { taskId } = await tasks.create(input);
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
    const { taskId } = await tasks.create(input);
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

describe('waitForTask', () => {
  it('resolves when the task ends, with its result', async () => {
    const { tasks, bus } = setup();
    const { taskId } = await tasks.create(input);
    const waiting = waitForTask(tasks, bus, taskId);
    await tasks.progress(taskId, { progress: 50 });
    await tasks.complete(taskId, result);
    expect((await waiting)?.result?.fileId).toBe('f');
  });

  it('answers at once for a finished task, and undefined for an unknown one', async () => {
    const { tasks, bus } = setup();
    const { taskId } = await tasks.create(input);
    await tasks.fail(taskId, { code: 'DOWNLOAD_FAILED', message: 'x' });
    expect((await waitForTask(tasks, bus, taskId))?.task.status).toBe('error');
    expect(await waitForTask(tasks, bus, 'unknown')).toBeUndefined();
  });
});
