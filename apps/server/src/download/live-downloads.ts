// Direct downloads (the visitor's request waits for the file itself) whose file can be sent while
// yt-dlp still writes it. The request says it waits before its job is queued; a job of this
// process offers the file once it knows the file will be stored exactly as yt-dlp writes it
// (live-send.ts). A job running in another process never offers: the request then gets the stored
// file when the task completes, as every other request does.
import type { GrowingFile } from './growing-file';

export interface LiveDownload {
  file: GrowingFile;
  fileName: string;
  contentType: string;
  /** The file's whole size, as the site announced it. */
  size: number;
}

export class LiveDownloads {
  private readonly waiting = new Map<
    string,
    { promise: Promise<LiveDownload>; resolve: (live: LiveDownload) => void }
  >();

  /** A request of this process will wait for this task's file (said before its job is queued). */
  expect(taskId: string): void {
    let resolve: (live: LiveDownload) => void = () => undefined;
    const promise = new Promise<LiveDownload>((settle) => (resolve = settle));
    this.waiting.set(taskId, { promise, resolve });
  }

  /** The task's live bytes once a job here offers them (never settles otherwise). */
  offered(taskId: string): Promise<LiveDownload> {
    return this.waiting.get(taskId)?.promise ?? new Promise(() => undefined);
  }

  /** The request has its answer (or is gone): later offers are refused. */
  forget(taskId: string): void {
    this.waiting.delete(taskId);
  }

  /** Whether a request of this process waits for this task's bytes. */
  wanted(taskId: string): boolean {
    return this.waiting.has(taskId);
  }

  /** Hands the file to the waiting request; false when none waits any more. */
  offer(taskId: string, live: LiveDownload): boolean {
    const waiting = this.waiting.get(taskId);
    if (!waiting) return false;
    this.waiting.delete(taskId);
    waiting.resolve(live);
    return true;
  }
}
