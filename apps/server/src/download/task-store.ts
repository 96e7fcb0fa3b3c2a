// Tasks: their state lives in a TaskStateStore (memory today, Redis in the scaled mode) and every
// change is published on the event bus for the hub. The status call reads the same store, so it
// always agrees with the hub. Only a task's own job writes it after creation, so read-then-write
// needs no lock.
import type {
  DownloadFormatName,
  DownloadTask,
  TaskErrorEvent,
  TaskProgressUpdate,
} from '@grabbit/contracts';
import { apiPath, apiRoutes, hubEvents } from '@grabbit/contracts';
import type { EventBus } from '../realtime/event-bus';
import { newId } from '../core/ids';
import type { TaskRecord, TaskResult, TaskStateStore } from './task-state';

export type { TaskRecord, TaskResult } from './task-state';

export class TaskStore {
  /** Each task's latest queued change (see inOrder). */
  private readonly changing = new Map<string, Promise<void>>();

  constructor(
    private readonly state: TaskStateStore,
    private readonly bus: EventBus,
  ) {}

  async create(input: { platform: string; url: string; format: DownloadFormatName }): Promise<DownloadTask> {
    const now = new Date().toISOString();
    const task: DownloadTask = {
      taskId: newId(),
      ...input,
      status: 'pending',
      progress: 0,
      stage: 'queued',
      createdAt: now,
      updatedAt: now,
    };
    await this.state.set({ task });
    return task;
  }

  async get(taskId: string): Promise<DownloadTask | undefined> {
    return (await this.state.get(taskId))?.task;
  }

  async record(taskId: string): Promise<TaskRecord | undefined> {
    return this.state.get(taskId);
  }

  static isFinished(task: DownloadTask): boolean {
    return task.status === 'completed' || task.status === 'error';
  }

  static progressOf(
    task: DownloadTask,
    extra: { speed?: number | null; eta?: number | null } = {},
  ): TaskProgressUpdate {
    return {
      status: task.status,
      progress: task.progress,
      stage: task.stage,
      speed: extra.speed ?? null,
      eta: extra.eta ?? null,
    };
  }

  /** The task's record while it still runs; finished tasks never change. */
  private async running(taskId: string): Promise<TaskRecord | undefined> {
    const record = await this.state.get(taskId);
    return record && !TaskStore.isFinished(record.task) ? record : undefined;
  }

  /**
   * Runs one task's changes one after another: each reads the stored record, changes it, writes it
   * and publishes, so with a store that answers later (Redis) two quick progress reports can
   * neither overtake each other on the hub nor undo each other in the store.
   */
  private inOrder(taskId: string, change: () => Promise<void>): Promise<void> {
    const previous = this.changing.get(taskId) ?? Promise.resolve();
    const next = previous.then(change, change);
    this.changing.set(taskId, next);
    const forget = () => {
      if (this.changing.get(taskId) === next) this.changing.delete(taskId);
    };
    next.then(forget, forget);
    return next;
  }

  /** Moves a running task on; progress never goes backwards. */
  progress(
    taskId: string,
    change: Partial<Pick<DownloadTask, 'status' | 'progress' | 'stage' | 'title' | 'thumbnailUrl'>>,
    rate: { speed?: number | null; eta?: number | null } = {},
  ): Promise<void> {
    return this.inOrder(taskId, () => this.progressNow(taskId, change, rate));
  }

  private async progressNow(
    taskId: string,
    change: Partial<Pick<DownloadTask, 'status' | 'progress' | 'stage' | 'title' | 'thumbnailUrl'>>,
    rate: { speed?: number | null; eta?: number | null },
  ): Promise<void> {
    const record = await this.running(taskId);
    if (!record) return;
    const progress = Math.max(
      record.task.progress,
      Math.min(99, Math.round((change.progress ?? record.task.progress) * 10) / 10),
    );
    const task = { ...record.task, ...change, progress, updatedAt: new Date().toISOString() };
    await this.state.set({ task });
    this.bus.publish(`task:${taskId}`, hubEvents.taskProgress, taskId, TaskStore.progressOf(task, rate));
  }

  complete(taskId: string, result: TaskResult & { title: string; thumbnailUrl?: string }): Promise<void> {
    return this.inOrder(taskId, () => this.completeNow(taskId, result));
  }

  private async completeNow(
    taskId: string,
    result: TaskResult & { title: string; thumbnailUrl?: string },
  ): Promise<void> {
    const record = await this.running(taskId);
    if (!record) return;
    const task: DownloadTask = {
      ...record.task,
      status: 'completed',
      progress: 100,
      stage: 'completed',
      title: result.title,
      fileName: result.fileName,
      fileSize: result.fileSize,
      downloadUrl: apiPath(apiRoutes.downloadFile, { fileId: result.fileId }),
      updatedAt: new Date().toISOString(),
    };
    if (result.thumbnailUrl) task.thumbnailUrl = result.thumbnailUrl;
    const { fileId, fileName, fileSize } = result;
    await this.state.set({ task, result: { fileId, fileName, fileSize } });
    this.bus.publish(`task:${taskId}`, hubEvents.taskProgress, taskId, TaskStore.progressOf(task));
    this.bus.publish(`task:${taskId}`, hubEvents.taskCompleted, taskId, task);
  }

  /** Adds where a finished task's file was kept (cloud storage); its job has ended by then. */
  async annotate(taskId: string, patch: Pick<DownloadTask, 'cloudFileKey' | 'cloudUrl'>): Promise<void> {
    const record = await this.state.get(taskId);
    if (!record) return;
    await this.state.set({
      ...record,
      task: { ...record.task, ...patch, updatedAt: new Date().toISOString() },
    });
  }

  fail(taskId: string, error: TaskErrorEvent): Promise<void> {
    return this.inOrder(taskId, () => this.failNow(taskId, error));
  }

  private async failNow(taskId: string, error: TaskErrorEvent): Promise<void> {
    const record = await this.running(taskId);
    if (!record) return;
    const task: DownloadTask = {
      ...record.task,
      status: 'error',
      stage: 'error',
      error: error.message,
      errorCode: error.code,
      updatedAt: new Date().toISOString(),
    };
    await this.state.set({ task });
    this.bus.publish(`task:${taskId}`, hubEvents.taskError, taskId, error);
  }
}
