// Uploads waiting on disk: folders under the shared DATA_DIR/uploads in scaled mode without a bucket
// (the worker takes its own copy, a hard link on the shared disk), or, embedded, a folder under the
// local DATA_DIR/uploads that the job uses in place.
import { copyFile, link } from 'node:fs/promises';
import path from 'node:path';
import type { ConvertInput } from '../jobs/job-types';
import { removeOrphanJobFolders } from '../storage/sweeper';
import { fileTarget } from './upload-target';
import { createWorkspace, readInputHead, removeWorkspace, uploadsRoot, workspaceAt } from './workspace';
import {
  workspaceFilledBy,
  type ClaimedInput,
  type ConversionInputs,
  type PendingInput,
} from './conversion-inputs';

/** A hard link costs nothing on the same disk; another file system gets a copy. */
async function linkOrCopy(source: string, target: string): Promise<void> {
  await link(source, target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw error;
    return copyFile(source, target);
  });
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
export class DiskConversionInputs extends SharedDiskConversionInputs {
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
