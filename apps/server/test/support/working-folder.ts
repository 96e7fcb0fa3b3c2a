// Tests run the server as `npm start` does: in a working folder, with the default data folder
// `.data` relative to it (no DATA_DIR). Each app gets a fresh temporary working folder of its own,
// so apps of one test file never share a data folder.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * tsx's loader by its full address, for `node --import`: a process started in a temporary working
 * folder cannot find the package by its name there.
 */
export const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** The data folder a server started in `workDir` uses when DATA_DIR is left at its default. */
export const defaultDataDir = (workDir: string) => path.join(workDir, '.data');

/** A fresh, empty temporary folder (removed by the caller). */
export const freshFolder = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), prefix));

/**
 * Makes `workDir` the process's working folder (an app's relative paths resolve against it) and
 * returns how to leave it: back to the folder before, or to the system's temporary folder when that
 * one was removed meanwhile (a folder cannot stay the working folder once it is deleted).
 */
export function enterFolder(workDir: string): () => void {
  const before = process.cwd();
  process.chdir(workDir);
  return () => {
    if (process.cwd() !== workDir) return;
    process.chdir(existsSync(before) ? before : os.tmpdir());
  };
}

/** Leaves `workDir` if it is the working folder, then removes it. */
export function removeFolder(workDir: string, leave: () => void): void {
  leave();
  rmSync(workDir, { recursive: true, force: true });
}
