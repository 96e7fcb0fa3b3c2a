import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { newFileKey } from './file-keys';
import { DiskCloudStore } from './disk-cloud-store';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

function tempRoot(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'grabbit-cloud-unit-'));
  roots.push(root);
  return root;
}

const input = (bytes: number, expiresAt: number) => ({
  fileKey: newFileKey('clip'),
  body: Readable.from([Buffer.alloc(bytes, 7)]),
  fileName: 'clip.mp4',
  contentType: 'video/mp4',
  isPublic: false,
  expiresAt,
});

describe('local cloud store', () => {
  it('stores, counts and deletes objects; a key is deleted once', async () => {
    const store = await DiskCloudStore.open(tempRoot(), Date.now);
    const meta = await store.put(input(1000, Date.now() + 60_000), 4096);
    expect(meta.size).toBe(1000);
    expect(await store.usage()).toEqual({ objects: 1, bytes: 1000 });
    expect(await store.delete(meta.fileKey)).toBe(true);
    expect(await store.delete(meta.fileKey)).toBe(false);
    expect(await store.usage()).toEqual({ objects: 0, bytes: 0 });
  });

  it('refuses a body past the limit and keeps nothing of it', async () => {
    const root = tempRoot();
    const store = await DiskCloudStore.open(root, Date.now);
    await expect(store.put(input(5000, Date.now() + 60_000), 4096)).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
    });
    expect(readdirSync(root)).toEqual([]);
  });

  it('forgets expired objects at their time, and after a reopen rebuilds the rest from disk', async () => {
    const root = tempRoot();
    let now = Date.now();
    const store = await DiskCloudStore.open(root, () => now);
    const short = await store.put(input(10, now + 1000), 4096);
    const long = await store.put(input(20, now + 60_000), 4096);
    mkdirSync(path.join(root, `${newFileKey('unfinished')}`));
    now += 1000;
    expect(await store.get(short.fileKey)).toBeUndefined();
    const reopened = await DiskCloudStore.open(root, () => now);
    expect(await reopened.get(long.fileKey)).toMatchObject({ size: 20 });
    expect(readdirSync(root)).toEqual([long.fileKey]);
  });

  it('on a shared folder, answers and deletes what another process stored, never its writes under way', async () => {
    const root = tempRoot();
    const nodeA = await DiskCloudStore.open(root, Date.now, { shared: true });
    const nodeB = await DiskCloudStore.open(root, Date.now, { shared: true });
    const meta = await nodeA.put(input(100, Date.now() + 60_000), 4096);
    expect(await nodeB.get(meta.fileKey)).toMatchObject({ size: 100 });
    // A write under way on another node (no metadata yet) survives B's sweep and a new node's start.
    const writing = newFileKey('writing');
    mkdirSync(path.join(root, writing));
    writeFileSync(path.join(root, writing, 'object'), 'partial');
    expect(await nodeB.sweep()).toBe(0);
    await DiskCloudStore.open(root, Date.now, { shared: true });
    expect(readdirSync(root)).toContain(writing);
    expect(await nodeB.usage()).toEqual({ objects: 1, bytes: 100 });
    // Once older than any write takes, it is an unfinished write of a dead node.
    const hourAgo = new Date(Date.now() - 61 * 60_000);
    utimesSync(path.join(root, writing, 'object'), hourAgo, hourAgo);
    expect(await nodeB.sweep()).toBe(1);
    expect(await nodeB.delete(meta.fileKey)).toBe(true);
    expect(await nodeA.get(meta.fileKey)).toBeUndefined();
    expect(await nodeA.delete(meta.fileKey)).toBe(false);
    await nodeA.sweep();
    expect(await nodeA.usage()).toEqual({ objects: 0, bytes: 0 });
  });
});
