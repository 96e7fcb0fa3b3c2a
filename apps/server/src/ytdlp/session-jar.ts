// A session's cookie file for one run, and the jar yt-dlp saves when it ends written back over the
// session's file: sites rotate their cookies while they are used, and a session that keeps only
// the cookies it was exported with dies sooner. The write is atomic (a temporary file beside it,
// renamed over it) and one at a time per file. A file the operator replaced or removed during the
// run is left as the operator made it. Only the platform's own cookies go back, within bounds
// (jar-bounds.ts). The bytes are copied, never logged.
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { boundJar, type JarBounds } from './jar-bounds';
import type { Session } from './session-pool';

export interface SessionCopy {
  session: Session;
  /** The run's copy, in its private folder. */
  file: string;
  /** The session file as it was copied: a different one at write-back time was replaced meanwhile. */
  copied: { mtimeMs: number; size: number };
}

/** Copies the session's file to `file`; undefined when it cannot be read (removed meanwhile). */
export async function copySession(session: Session, file: string): Promise<SessionCopy | undefined> {
  try {
    const { mtimeMs, size } = await stat(session.file);
    await copyFile(session.file, file, constants.COPYFILE_EXCL);
    return { session, file, copied: { mtimeMs, size } };
  } catch {
    return undefined;
  }
}

/** The write-back running for each session file (one at a time per file). */
const writing = new Map<string, Promise<void>>();

/** yt-dlp saves its jar with this header; anything else (an interrupted run) is not written back. */
const isCookieJar = (bytes: Buffer) => bytes.subarray(0, 64).toString('latin1').includes('HTTP Cookie File');

export interface WriteBack {
  bounds: JarBounds;
  /** A write that failed: the system's error code only (a message would name the file's folder). */
  onFailure(reason: string): void;
  /** Cookies were left out of the file (another site's, or past a bound). */
  onDropped(count: number): void;
}

async function replaceWithJar(copy: SessionCopy, options: WriteBack): Promise<void> {
  const saved = await readFile(copy.file).catch(() => undefined);
  if (!saved || !isCookieJar(saved)) return;
  const current = await stat(copy.session.file).catch(() => undefined);
  if (!current || current.mtimeMs !== copy.copied.mtimeMs || current.size !== copy.copied.size) return;
  const bounded = boundJar(saved.toString('utf8'), await readFile(copy.session.file, 'utf8'), options.bounds);
  if (bounded.dropped > 0) options.onDropped(bounded.dropped);
  const jar = bounded.text;
  // Hidden and not `.txt`: a pool reading in between never takes it for a session.
  const temporary = path.join(path.dirname(copy.session.file), `.${randomUUID()}.jar`);
  try {
    await writeFile(temporary, jar, { mode: 0o600 });
    await rename(temporary, copy.session.file);
  } finally {
    await rm(temporary, { force: true });
  }
}

/**
 * Writes the run's jar back over the session's file, after any write-back of that file running
 * now. A write that fails calls `onFailure`, and leaves the file as it was.
 */
export function writeBackSession(copy: SessionCopy, options: WriteBack): Promise<void> {
  const key = copy.session.file;
  const previous = writing.get(key) ?? Promise.resolve();
  const next = previous
    .then(() => replaceWithJar(copy, options))
    .catch((error: unknown) =>
      options.onFailure(error instanceof Error && 'code' in error ? String(error.code) : 'unknown'),
    );
  writing.set(key, next);
  void next.then(() => {
    if (writing.get(key) === next) writing.delete(key);
  });
  return next;
}
