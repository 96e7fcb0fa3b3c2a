// Where uploads wait for the `convert` job: in scaled mode objects under the bucket's `uploads/`
// prefix (streamed in, multipart, never whole in memory), or folders under the shared
// DATA_DIR/uploads without a bucket, the worker taking its own copy (a hard link on the shared
// disk); in embedded mode a folder under the local DATA_DIR/uploads that the job uses in place (the
// upload is written once). The input is removed when its job ends; in scaled mode a sweep removes
// what a dead process left behind.
// Each place is a class of its own: disk-conversion-inputs.ts, bucket-conversion-inputs.ts.
import type { ConvertInput } from '../jobs/job-types';
import type { UploadSource } from '../uploads/resumable-uploads';
import type { UploadTarget } from './upload-target';
import { createWorkspace, readInputHead, type Workspace } from './workspace';

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

/** A new workspace under `dataDir` that `fill` puts the input into; undefined when it could not. */
export async function workspaceFilledBy(
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
