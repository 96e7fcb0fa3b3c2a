// Waiting for a task's end through the store and the event bus, so it works in whichever process
// asks: subscribe first (no end can slip between read and subscribe), then read the store, and
// read again on each end event of the task.
import { hubEvents } from '@grabbit/contracts';
import type { EventBus } from '../realtime/event-bus';
import { TaskStore, type TaskRecord } from './task-store';

/** The finished task's record, or undefined when the store does not know the task. */
export function waitForTask(
  tasks: TaskStore,
  bus: EventBus,
  taskId: string,
): Promise<TaskRecord | undefined> {
  return new Promise((resolve, reject) => {
    let unsubscribe = () => {};
    const check = () => {
      tasks.record(taskId).then((record) => {
        if (record && !TaskStore.isFinished(record.task)) return;
        unsubscribe();
        resolve(record);
      }, reject);
    };
    unsubscribe = bus.subscribe((message) => {
      const ended = message.event === hubEvents.taskCompleted || message.event === hubEvents.taskError;
      if (ended && message.group === `task:${taskId}`) check();
    });
    check();
  });
}
