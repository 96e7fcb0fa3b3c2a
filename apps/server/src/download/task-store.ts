// Download tasks as job records (jobs/): the record holds the task's place, its result and its
// error; the task's own fields (link, format, title, file) are its detail. Every change is also
// published on the event bus for the hub, and the status call reads the same record, so it always
// agrees with the hub. Only a task's own job writes it after creation.
import type {
  DownloadFormatName,
  DownloadTask,
  TaskErrorEvent,
  TaskProgressUpdate,
  TaskStatus,
} from '@grabbit/contracts';
import { apiPath, apiRoutes, hubEvents } from '@grabbit/contracts';
import type { EventBus } from '../realtime/event-bus';
import { isEnded, type JobRecord, type JobStatus } from '../jobs/job-record';
import type { JobOrigin, JobRecords, ResultFields } from '../jobs/job-records';
import { waitForJob } from '../jobs/wait-for-job';

/** A finished task's file in the result store. */
export interface TaskResult {
  fileId: string;
  fileName: string;
  fileSize: number;
}

/** A task as its callers see it: the public task, and its file once completed. */
export interface TaskRecord {
  task: DownloadTask;
  result?: TaskResult;
}

/** A download's own fields in its job record. */
type TaskDetail = Pick<DownloadTask, 'platform' | 'url' | 'format' | 'status'> &
  Partial<Pick<DownloadTask, 'title' | 'thumbnailUrl' | 'cloudFileKey' | 'cloudUrl' | 'notice'>> & {
    result?: TaskResult;
    /** The batch the task is an item of. */
    batchId?: string;
  };

type TaskChange = Partial<Pick<DownloadTask, 'status' | 'progress' | 'stage' | 'title' | 'thumbnailUrl'>>;

/** The job record's status for each of the task's own. */
const jobStatusOf: Record<TaskStatus, JobStatus> = {
  pending: 'queued',
  downloading: 'running',
  processing: 'running',
  completed: 'done',
  error: 'failed',
};

function taskOf(record: JobRecord<TaskDetail>): TaskRecord {
  const { result, batchId: _batchId, ...fields } = record.detail;
  const task: DownloadTask = {
    taskId: record.id,
    ...fields,
    // Cancelled by its owner (DELETE /api/jobs/{id}): an error with its own code.
    ...(record.status === 'cancelled' ? { status: 'error' as const } : {}),
    progress: record.progress,
    stage: record.stage,
    ...(result
      ? {
          fileName: result.fileName,
          fileSize: result.fileSize,
          downloadUrl: apiPath(apiRoutes.downloadFile, { fileId: result.fileId }),
        }
      : {}),
    ...(record.error ? { error: record.error } : {}),
    ...(record.errorCode ? { errorCode: record.errorCode } : {}),
    createdAt: new Date(record.createdAt).toISOString(),
    updatedAt: new Date(record.updatedAt).toISOString(),
  };
  return result ? { task, result } : { task };
}

export class TaskStore {
  /** Each task's latest queued change (see inOrder). */
  private readonly changing = new Map<string, Promise<void>>();

  constructor(
    private readonly records: JobRecords,
    private readonly bus: EventBus,
  ) {}

  async create(
    input: { platform: string; url: string; format: DownloadFormatName; batchId?: string },
    origin: JobOrigin,
    fields: ResultFields = {},
  ): Promise<DownloadTask> {
    const detail: TaskDetail = { ...input, status: 'pending' };
    const record = await this.records.start<TaskDetail>(origin, 'download', detail, fields);
    return taskOf(record).task;
  }

  async get(taskId: string): Promise<DownloadTask | undefined> {
    return (await this.record(taskId))?.task;
  }

  async record(taskId: string): Promise<TaskRecord | undefined> {
    const record = await this.records.get<TaskDetail>(taskId);
    return record?.kind === 'download' ? taskOf(record) : undefined;
  }

  /** The batch a task is an item of, if any. */
  async batchOf(taskId: string): Promise<string | undefined> {
    return (await this.records.get<TaskDetail>(taskId))?.detail.batchId;
  }

  /** The task's record once it has ended (undefined when unknown), waited for in any process. */
  async waitForEnd(taskId: string): Promise<TaskRecord | undefined> {
    const record = await waitForJob<TaskDetail>(this.records, this.bus, taskId).done;
    return record?.kind === 'download' ? taskOf(record) : undefined;
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

  /**
   * Runs one task's changes one after another, so two quick progress reports can never overtake
   * each other on the hub (the record's own changes are atomic in the store).
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

  /** Changes a task still running; a finished task never changes. The new task, when it changed. */
  private async change(
    taskId: string,
    change: (record: JobRecord<TaskDetail>) => JobRecord<TaskDetail>,
  ): Promise<TaskRecord | undefined> {
    let changed = false;
    const stored = await this.records.update<TaskDetail>(taskId, (current) => {
      changed =
        current.kind === 'download' && !isEnded(current) && !TaskStore.isFinished(taskOf(current).task);
      return changed ? change(current) : undefined;
    });
    return changed && stored ? taskOf(stored) : undefined;
  }

  /** Moves a running task on; progress never goes backwards. */
  progress(
    taskId: string,
    change: TaskChange,
    rate: { speed?: number | null; eta?: number | null } = {},
  ): Promise<void> {
    return this.inOrder(taskId, async () => {
      const changed = await this.change(taskId, (current) => {
        const { status, progress, stage, ...fields } = change;
        const next = status ?? current.detail.status;
        return {
          ...current,
          status: jobStatusOf[next],
          progress: Math.max(
            current.progress,
            Math.min(99, Math.round((progress ?? current.progress) * 10) / 10),
          ),
          stage: stage ?? current.stage,
          detail: { ...current.detail, ...fields, status: next },
        };
      });
      if (changed)
        this.bus.publish(
          `task:${taskId}`,
          hubEvents.taskProgress,
          taskId,
          TaskStore.progressOf(changed.task, rate),
        );
    });
  }

  complete(
    taskId: string,
    result: TaskResult & { expiresAt: number; title: string; thumbnailUrl?: string; notice?: string },
  ): Promise<void> {
    return this.inOrder(taskId, async () => {
      const { fileId, fileName, fileSize, expiresAt, title, thumbnailUrl, notice } = result;
      const changed = await this.change(taskId, (current) => ({
        ...current,
        status: 'done',
        progress: 100,
        stage: 'completed',
        result: fileId,
        resultLink: apiPath(apiRoutes.downloadFile, { fileId }),
        resultBytes: fileSize,
        resultExpiresAt: expiresAt,
        detail: {
          ...current.detail,
          status: 'completed',
          title,
          ...(thumbnailUrl ? { thumbnailUrl } : {}),
          ...(notice ? { notice } : {}),
          result: { fileId, fileName, fileSize },
        },
      }));
      if (!changed) return;
      this.bus.publish(`task:${taskId}`, hubEvents.taskProgress, taskId, TaskStore.progressOf(changed.task));
      this.bus.publish(`task:${taskId}`, hubEvents.taskCompleted, taskId, changed.task);
    });
  }

  /** Adds where a finished task's file was kept (cloud storage); its job has ended by then. */
  async annotate(taskId: string, patch: Pick<DownloadTask, 'cloudFileKey' | 'cloudUrl'>): Promise<void> {
    await this.records.update<TaskDetail>(taskId, (current) => ({
      ...current,
      detail: { ...current.detail, ...patch },
    }));
  }

  fail(taskId: string, error: TaskErrorEvent): Promise<void> {
    return this.inOrder(taskId, async () => {
      const changed = await this.change(taskId, (current) => ({
        ...current,
        status: 'failed',
        stage: 'error',
        error: error.message,
        errorCode: error.code,
        detail: { ...current.detail, status: 'error' },
      }));
      if (changed) this.bus.publish(`task:${taskId}`, hubEvents.taskError, taskId, error);
    });
  }
}
