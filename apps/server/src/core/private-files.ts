// Visitors' files are theirs: every file and folder the server writes (uploads, results, job
// folders, the data folder) is readable by the server's own user only, 0600 and 0700. The mask is
// the process's, so the engines it starts (yt-dlp, ffmpeg, ImageMagick), which inherit it, write
// their files the same way; code that names a mode names the same ones.
import { chmod } from 'node:fs/promises';

export const privateFileMode = 0o600;
export const privateFolderMode = 0o700;

/** Sets the process's file mask: no permission for the group or others. Call before any write. */
export function keepFilesPrivate(): void {
  process.umask(0o077);
}

/** A folder that may exist from before (the operator's data folder): made private, when it can be. */
export async function makeFolderPrivate(folder: string): Promise<void> {
  await chmod(folder, privateFolderMode).catch(() => undefined);
}
