// Each conversion owns one folder under DATA_DIR/uploads with a random name: the upload, every
// intermediate and the result live there, and removing it is the whole clean-up.
import { randomUUID } from 'node:crypto';
import { mkdir, rm, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { readHead } from '../storage/file-reader';
import { headBytes } from './upload-target';

export interface Workspace {
  dir: string;
  inputPath: string;
  /** Removes the input once no step needs it any more; safe to call more than once. */
  removeInput: () => Promise<void>;
  /** Removes everything; safe to call more than once. */
  dispose: () => Promise<void>;
}

/** The upload's name inside its workspace. */
const inputName = 'input';

export function uploadsRoot(dataDir: string): string {
  return path.resolve(dataDir, 'uploads');
}

/**
 * Most conversions leave only their input behind (the result has moved to the result store): its
 * removal and the folder's are two calls, where a recursive removal makes six, each a wait on the
 * small thread pool. Anything else left (an intermediate) takes the recursive way.
 */
export function removeWorkspace(dir: string): Promise<void> {
  return workspaceAt(dir).dispose();
}

/** The folder, in one call when it is empty. */
async function removeFolder(dir: string): Promise<void> {
  await rmdir(dir).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') await rm(dir, { recursive: true, force: true });
  });
}

function ignoreGone(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error;
}

/** The input's first bytes (up to `headBytes`), for content sniffing; undefined when it is gone. */
export function readInputHead(workspace: Workspace): Promise<Buffer | undefined> {
  return readHead(workspace.inputPath, headBytes).catch((error: NodeJS.ErrnoException) => {
    ignoreGone(error);
    return undefined;
  });
}

/** The workspace of an existing folder (an upload's, used in place by its job). */
export function workspaceAt(dir: string): Workspace {
  const inputPath = path.join(dir, inputName);
  let inputRemoved: Promise<void> | undefined;
  let disposed: Promise<void> | undefined;
  const removeInput = () => (inputRemoved ??= unlink(inputPath).catch(ignoreGone));
  return {
    dir,
    inputPath,
    removeInput,
    dispose: () => (disposed ??= removeInput().then(() => removeFolder(dir))),
  };
}

export async function createWorkspace(dataDir: string): Promise<Workspace> {
  const dir = path.join(uploadsRoot(dataDir), randomUUID());
  await mkdir(dir, { recursive: true });
  return workspaceAt(dir);
}
