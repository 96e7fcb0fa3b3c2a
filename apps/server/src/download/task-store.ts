// Tasks in memory: their state, and every change published on the event bus for the hub. The
// status call reads the same objects, so it always agrees with the hub.
import type {
  DownloadFormatName,
  DownloadTask,
  TaskErrorEvent,
  TaskProgressUpdate,
} from '@grabbit/contracts';
import { hubEvents } from '@grabbit/contracts';
import type { EventBus } from '../realtime/event-bus';
import { newId } from '../storage/file-ids';

export interface TaskResult {
  fileId: string;
  filePath: string;
  fileName: string;
  fileSize: number;
}

interface TaskEntry {
  task: DownloadTask;
  result?: TaskResult;
  settled: Promise<DownloadTask>;
  settle: (task: DownloadTask) => void;
}

/** Finished tasks are forgotten after this long (their files expire on their own schedule). */
const keepFinishedMs = 24 * 60 * 60 * 1000;

export class TaskStore {
  private readonly entries = new Map<string, TaskEntry>();

  constructor(private readonly bus: EventBus) {}

  create(input: { platform: string; url: string; format: DownloadFormatName }): DownloadTask {
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
    let settle!: (task: DownloadTask) => void;
    const settled = new Promise<DownloadTask>((resolve) => (settle = resolve));
    this.entries.set(task.taskId, { task, settled, settle });
    return task;
  }

  get(taskId: string): DownloadTask | undefined {
    return this.entries.get(taskId)?.task;
  }

  result(taskId: string): TaskResult | undefined {
    return this.entries.get(taskId)?.result;
  }

  /** Resolves once the task is completed or failed. */
  settled(taskId: string): Promise<DownloadTask> | undefined {
    return this.entries.get(taskId)?.settled;
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

  /** Moves a running task on; progress never goes backwards and finished tasks never change. */
  progress(
    taskId: string,
    change: Partial<Pick<DownloadTask, 'status' | 'progress' | 'stage' | 'title' | 'thumbnailUrl'>>,
    rate: { speed?: number | null; eta?: number | null } = {},
  ): void {
    const entry = this.entries.get(taskId);
    if (!entry || TaskStore.isFinished(entry.task)) return;
    const progress = Math.max(
      entry.task.progress,
      Math.min(99, Math.round((change.progress ?? entry.task.progress) * 10) / 10),
    );
    Object.assign(entry.task, change, { progress, updatedAt: new Date().toISOString() });
    this.bus.publish(
      `task:${taskId}`,
      hubEvents.taskProgress,
      taskId,
      TaskStore.progressOf(entry.task, rate),
    );
  }

  complete(taskId: string, result: TaskResult & { title: string; thumbnailUrl?: string }): void {
    const entry = this.entries.get(taskId);
    if (!entry || TaskStore.isFinished(entry.task)) return;
    entry.result = result;
    Object.assign(entry.task, {
      status: 'completed',
      progress: 100,
      stage: 'completed',
      title: result.title,
      fileName: result.fileName,
      fileSize: result.fileSize,
      downloadUrl: `/api/download/file/${result.fileId}`,
      updatedAt: new Date().toISOString(),
    } satisfies Partial<DownloadTask>);
    if (result.thumbnailUrl) entry.task.thumbnailUrl = result.thumbnailUrl;
    this.bus.publish(`task:${taskId}`, hubEvents.taskProgress, taskId, TaskStore.progressOf(entry.task));
    this.bus.publish(`task:${taskId}`, hubEvents.taskCompleted, taskId, entry.task);
    this.finish(taskId, entry);
  }

  /** Adds where a finished task's file was kept (cloud storage); nothing else changes. */
  annotate(taskId: string, patch: Pick<DownloadTask, 'cloudFileKey' | 'cloudUrl'>): void {
    const entry = this.entries.get(taskId);
    if (entry) Object.assign(entry.task, patch, { updatedAt: new Date().toISOString() });
  }

  fail(taskId: string, error: TaskErrorEvent): void {
    const entry = this.entries.get(taskId);
    if (!entry || TaskStore.isFinished(entry.task)) return;
    Object.assign(entry.task, {
      status: 'error',
      stage: 'error',
      error: error.message,
      errorCode: error.code,
      updatedAt: new Date().toISOString(),
    });
    this.bus.publish(`task:${taskId}`, hubEvents.taskError, taskId, error);
    this.finish(taskId, entry);
  }

  private finish(taskId: string, entry: TaskEntry): void {
    entry.settle(entry.task);
    setTimeout(() => this.entries.delete(taskId), keepFinishedMs).unref();
  }
}
