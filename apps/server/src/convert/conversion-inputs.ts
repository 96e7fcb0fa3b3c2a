// Where uploads wait for their worker in scaled mode: objects under the bucket's `uploads/` prefix
// (streamed in, multipart, never whole in memory), or folders under the shared DATA_DIR/uploads
// without a bucket. The worker takes its own copy (a hard link on the shared disk), and the input
// is removed when its job ends; a sweep removes what a dead process left behind.
import { copyFile, link, rm } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { ConvertInput } from '../jobs/job-types';
import type { S3ResultStore, StoredObject } from '../storage/s3-result-store';
import { removeOrphanJobFolders } from '../storage/sweeper';
import type { UploadTarget } from './upload';
import { fileTarget } from './upload';
import { createWorkspace, uploadsRoot } from './workspace';

export interface PendingInput {
  /** Opens the place the upload streams into. */
  target: () => UploadTarget;
  /** The job data's name of the stored input (once the upload has been stored). */
  input: () => Promise<ConvertInput>;
  /** Removes what was stored (an upload that never became a job). */
  dispose: () => Promise<void>;
}

export interface ConversionInputs {
  create(): Promise<PendingInput>;
  /** Puts the input at `targetPath` (the worker's own workspace); false when it is gone. */
  fetch(input: ConvertInput, targetPath: string): Promise<boolean>;
  remove(input: ConvertInput): Promise<void>;
  /** Removes inputs older than any job can wait and run. */
  sweep(): Promise<void>;
}

/** How long an upload may wait for its worker: the conversion's time limit plus an hour queued. */
export function uploadKeepMs(config: { CONVERT_TIMEOUT_SECONDS: number }): number {
  return (config.CONVERT_TIMEOUT_SECONDS + 3600) * 1000;
}

/** 1 MiB between the multipart parser and the bucket's part buffer. */
const passBytes = 1024 * 1024;

export class BucketConversionInputs implements ConversionInputs {
  /** `uploads` is the bucket under its `uploads/` prefix, expiring after the longest job. */
  constructor(private readonly uploads: S3ResultStore) {}

  async create(): Promise<PendingInput> {
    let stored: Promise<StoredObject> | undefined;
    return {
      target: () => {
        const stream = new PassThrough({ highWaterMark: passBytes });
        stored = this.uploads.put(stream, { fileName: 'upload', contentType: 'application/octet-stream' });
        return { stream, stored };
      },
      input: async () => {
        if (!stored) throw new Error('No upload was stored');
        return { store: 'bucket', objectId: (await stored).fileId };
      },
      dispose: async () => {
        const object = await stored?.catch(() => undefined);
        if (object) await this.uploads.delete(object.fileId);
      },
    };
  }

  async fetch(input: ConvertInput, targetPath: string): Promise<boolean> {
    if (input.store !== 'bucket') return false;
    return this.uploads.copyToFile(input.objectId, targetPath);
  }

  async remove(input: ConvertInput): Promise<void> {
    if (input.store === 'bucket') await this.uploads.delete(input.objectId);
  }

  async sweep(): Promise<void> {
    await this.uploads.sweep();
  }
}

export class SharedDiskConversionInputs implements ConversionInputs {
  private readonly root: string;

  constructor(
    dataDir: string,
    private readonly keepMs: number,
  ) {
    this.root = uploadsRoot(dataDir);
  }

  async create(): Promise<PendingInput> {
    const workspace = await createWorkspace(path.dirname(this.root));
    return {
      target: () => fileTarget(workspace.inputPath),
      input: async () => ({ store: 'disk', dir: workspace.dir }),
      dispose: workspace.dispose,
    };
  }

  /** The input's folder, only when it really is one of ours (job data comes from Redis). */
  private folder(input: ConvertInput): string | undefined {
    if (input.store !== 'disk') return undefined;
    const dir = path.resolve(input.dir);
    return path.dirname(dir) === this.root ? dir : undefined;
  }

  async fetch(input: ConvertInput, targetPath: string): Promise<boolean> {
    const dir = this.folder(input);
    if (!dir) return false;
    const source = path.join(dir, 'input');
    // A hard link costs nothing on the same disk; another file system gets a copy.
    return link(source, targetPath).then(
      () => true,
      (error: NodeJS.ErrnoException) =>
        error.code === 'ENOENT'
          ? false
          : copyFile(source, targetPath).then(
              () => true,
              () => false,
            ),
    );
  }

  async remove(input: ConvertInput): Promise<void> {
    const dir = this.folder(input);
    if (dir) await rm(dir, { recursive: true, force: true });
  }

  async sweep(): Promise<void> {
    await removeOrphanJobFolders(this.root, this.keepMs);
  }
}
