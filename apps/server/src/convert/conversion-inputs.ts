// Where uploads wait for the `convert` job: in scaled mode objects under the bucket's `uploads/`
// prefix (streamed in, multipart, never whole in memory), or folders under the shared
// DATA_DIR/uploads without a bucket, the worker taking its own copy (a hard link on the shared
// disk); in embedded mode a folder under the local DATA_DIR/uploads that the job uses in place (the
// upload is written once). The input is removed when its job ends; in scaled mode a sweep removes
// what a dead process left behind.
import { copyFile, link } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { ConvertInput } from '../jobs/job-types';
import type { S3ResultStore, StoredObject } from '../storage/s3-result-store';
import { removeOrphanJobFolders } from '../storage/sweeper';
import type { UploadSource } from '../uploads/resumable-uploads';
import type { UploadTarget } from './upload-target';
import { fileTarget } from './upload-target';
import {
  createWorkspace,
  readInputHead,
  removeWorkspace,
  uploadsRoot,
  workspaceAt,
  type Workspace,
} from './workspace';

export interface PendingInput {
  /** Opens the place the upload streams into. */
  target: () => UploadTarget;
  /**
   * Takes a finished resumable upload as the input instead of a stream: a hard link on the same
   * disk, a copy inside the bucket. The upload itself is left as it was (the caller removes it
   * once converted, so a refused conversion can be tried again).
   */
  adopt: (source: UploadSource) => Promise<void>;
  /** The job data's name of the stored input (once the upload has been stored). */
  input: () => Promise<ConvertInput>;
  /** Removes what was stored (an upload that never became a job). */
  dispose: () => Promise<void>;
}

/** A job's input, claimed: its workspace with the input at `inputPath`, and the input's first bytes. */
export interface ClaimedInput {
  workspace: Workspace;
  /** The first bytes (up to `headBytes`), for content sniffing. */
  head: Buffer;
  /** The workspace is the stored upload itself (embedded mode): disposing of it removes the upload. */
  isUpload: boolean;
}

export interface ConversionInputs {
  create(): Promise<PendingInput>;
  /**
   * The job's input (the worker's own copy, or the upload's folder itself); undefined when the
   * input is gone. The job disposes of its workspace when it ends.
   */
  claim(input: ConvertInput): Promise<ClaimedInput | undefined>;
  remove(input: ConvertInput): Promise<void>;
  /** Removes inputs older than any job can wait and run. */
  sweep(): Promise<void>;
}

/** How long an upload may wait for its worker: the conversion's time limit plus an hour queued. */
export function uploadKeepMs(config: { CONVERT_TIMEOUT_SECONDS: number }): number {
  return (config.CONVERT_TIMEOUT_SECONDS + 3600) * 1000;
}

/** How a waiting upload is described in the bucket (its real name travels in the job). */
const uploadInfo = { fileName: 'upload', contentType: 'application/octet-stream' };

/** 1 MiB between the multipart parser and the bucket's part buffer. */
const passBytes = 1024 * 1024;

/** A hard link costs nothing on the same disk; another file system gets a copy. */
async function linkOrCopy(source: string, target: string): Promise<void> {
  await link(source, target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw error;
    return copyFile(source, target);
  });
}

/** A new workspace under `dataDir` that `fill` puts the input into; undefined when it could not. */
async function workspaceFilledBy(
  dataDir: string,
  fill: (targetPath: string) => Promise<boolean>,
): Promise<ClaimedInput | undefined> {
  const workspace = await createWorkspace(dataDir);
  const head = (await fill(workspace.inputPath).catch(() => false))
    ? await readInputHead(workspace)
    : undefined;
  if (head) return { workspace, head, isUpload: false };
  await workspace.dispose();
  return undefined;
}

export class BucketConversionInputs implements ConversionInputs {
  /**
   * `uploads` is the bucket under its `uploads/` prefix, expiring after the longest job; workers
   * copy inputs into workspaces under `dataDir`.
   */
  constructor(
    private readonly uploads: S3ResultStore,
    private readonly dataDir: string,
  ) {}

  async create(): Promise<PendingInput> {
    let stored: Promise<StoredObject> | undefined;
    return {
      target: () => {
        const stream = new PassThrough({ highWaterMark: passBytes });
        stored = this.uploads.put(stream, uploadInfo);
        return { stream, stored };
      },
      adopt: async (source) => {
        if (source.kind !== 'object') throw new Error('A bucket input takes only bucket uploads');
        stored = this.uploads.copyIn(source.key, uploadInfo);
        await stored;
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

  async claim(input: ConvertInput): Promise<ClaimedInput | undefined> {
    if (input.store !== 'bucket') return undefined;
    return workspaceFilledBy(this.dataDir, (target) => this.uploads.copyToFile(input.objectId, target));
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
    private readonly dataDir: string,
    private readonly keepMs: number,
  ) {
    this.root = uploadsRoot(dataDir);
  }

  async create(): Promise<PendingInput> {
    const workspace = await createWorkspace(path.dirname(this.root));
    return {
      target: () => fileTarget(workspace.inputPath),
      adopt: async (source) => {
        if (source.kind !== 'file') throw new Error('A disk input takes only uploads on the same disk');
        await linkOrCopy(source.path, workspace.inputPath);
      },
      input: async () => ({ store: 'disk', dir: workspace.dir }),
      dispose: workspace.dispose,
    };
  }

  /** The input's folder, only when it really is one of ours (job data comes from Redis). */
  protected folder(input: ConvertInput): string | undefined {
    if (input.store !== 'disk') return undefined;
    const dir = path.resolve(input.dir);
    return path.dirname(dir) === this.root ? dir : undefined;
  }

  async claim(input: ConvertInput): Promise<ClaimedInput | undefined> {
    const dir = this.folder(input);
    if (!dir) return undefined;
    const source = workspaceAt(dir).inputPath;
    return workspaceFilledBy(this.dataDir, (target) =>
      linkOrCopy(source, target).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return false;
          throw error;
        },
      ),
    );
  }

  async remove(input: ConvertInput): Promise<void> {
    const dir = this.folder(input);
    if (dir) await removeWorkspace(dir);
  }

  async sweep(): Promise<void> {
    await removeOrphanJobFolders(this.root, this.keepMs);
  }
}

/**
 * Embedded mode: the upload's folder under the local DATA_DIR/uploads is the job's workspace (no
 * copy, no link). Only this process uses it, so nothing is swept.
 */
export class LocalConversionInputs extends SharedDiskConversionInputs {
  constructor(dataDir: string) {
    super(dataDir, Number.POSITIVE_INFINITY);
  }

  override async claim(input: ConvertInput): Promise<ClaimedInput | undefined> {
    const dir = this.folder(input);
    if (!dir) return undefined;
    const workspace = workspaceAt(dir);
    const head = await readInputHead(workspace);
    return head && { workspace, head, isUpload: true };
  }

  override async sweep(): Promise<void> {}
}
