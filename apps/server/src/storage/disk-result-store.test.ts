import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskResultStore } from './disk-result-store';
import { runResultStoreContract } from './result-store.contract';

const storeFolders: string[] = [];
afterAll(() => Promise.all(storeFolders.map((dir) => rm(dir, { recursive: true, force: true }))));

runResultStoreContract('DiskResultStore', async (ttlMs) => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'grabbit-results-'));
  storeFolders.push(root);
  return new DiskResultStore(root, ttlMs);
});

describe('DiskResultStore on another disk than the finished file', () => {
  // /dev/shm is its own file system (tmpfs): a rename from the temporary folder fails with EXDEV.
  it('copies the file in and removes the source', async () => {
    const root = await mkdtemp(path.join('/dev/shm', 'grabbit-results-'));
    const store = new DiskResultStore(root, 60_000);
    const source = path.join(await mkdtemp(path.join(os.tmpdir(), 'grabbit-source-')), 'result.mp4');
    await writeFile(source, 'moved across disks');
    const meta = await store.put(source, { fileName: 'a.mp4', contentType: 'video/mp4' });
    expect(meta.size).toBe('moved across disks'.length);
    expect(existsSync(source)).toBe(false);
    const opened = await store.open(meta.fileId);
    const chunks: Buffer[] = [];
    for await (const chunk of opened?.createReadStream() ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('moved across disks');
    await rm(root, { recursive: true, force: true });
    await rm(path.dirname(source), { recursive: true, force: true });
  });
});
