// Each conversion owns one folder under DATA_DIR/uploads with a random name: the upload, every
// intermediate and the result live there, and removing it is the whole clean-up.
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';

export interface Workspace {
  dir: string;
  inputPath: string;
  /** Removes everything; safe to call more than once. */
  dispose: () => Promise<void>;
}

export function uploadsRoot(dataDir: string): string {
  return path.resolve(dataDir, 'uploads');
}

/** The workspace of an existing folder (an upload's, used in place by its job). */
export function workspaceAt(dir: string): Workspace {
  let disposed: Promise<void> | undefined;
  return {
    dir,
    inputPath: path.join(dir, 'input'),
    dispose: () => (disposed ??= rm(dir, { recursive: true, force: true })),
  };
}

export async function createWorkspace(dataDir: string): Promise<Workspace> {
  const dir = path.join(uploadsRoot(dataDir), randomUUID());
  await mkdir(dir, { recursive: true });
  return workspaceAt(dir);
}
