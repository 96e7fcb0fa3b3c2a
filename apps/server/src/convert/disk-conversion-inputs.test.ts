import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskConversionInputs, SharedDiskConversionInputs } from './disk-conversion-inputs';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'grabbit-inputs-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function storedUpload(inputs: DiskConversionInputs | SharedDiskConversionInputs, bytes: string) {
  const pending = await inputs.create();
  const input = await pending.input();
  if (input.store !== 'disk') throw new Error('expected a disk input');
  await writeFile(path.join(input.dir, 'input'), bytes);
  return input;
}

describe('conversion inputs on disk', () => {
  it('embedded: the upload is the workspace, claimed with its first bytes', async () => {
    const inputs = new DiskConversionInputs(dataDir);
    const input = await storedUpload(inputs, 'PNG bytes');
    const claimed = await inputs.claim(input);
    expect(claimed?.isUpload).toBe(true);
    expect(claimed?.workspace.dir).toBe(input.dir);
    expect(claimed?.head.toString()).toBe('PNG bytes');
    // Disposing of the workspace removes the upload: nothing else needs removing.
    await claimed?.workspace.dispose();
    expect(existsSync(input.dir)).toBe(false);
  });

  it('embedded: an upload that is gone is not claimed', async () => {
    const inputs = new DiskConversionInputs(dataDir);
    const input = await storedUpload(inputs, 'x');
    await inputs.remove(input);
    expect(await inputs.claim(input)).toBeUndefined();
  });

  it('shared disk: the worker claims its own copy, and the upload stays until removed', async () => {
    const inputs = new SharedDiskConversionInputs(dataDir, 60_000);
    const input = await storedUpload(inputs, 'WebM bytes');
    const claimed = await inputs.claim(input);
    expect(claimed?.isUpload).toBe(false);
    expect(claimed?.workspace.dir).not.toBe(input.dir);
    expect(claimed?.head.toString()).toBe('WebM bytes');
    await claimed?.workspace.dispose();
    expect(existsSync(path.join(input.dir, 'input'))).toBe(true);
    await inputs.remove(input);
    expect(existsSync(input.dir)).toBe(false);
  });
});
