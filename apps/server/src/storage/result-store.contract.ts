// What every ResultStore must do, as a reusable suite (the scaled mode's S3 store runs it too).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import type { ResultStore } from './result-store';

/** The source files' folders, removed after the suite. */
const sourceFolders: string[] = [];

async function sourceFile(content: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'grabbit-result-src-'));
  sourceFolders.push(dir);
  const file = path.join(dir, 'result.mp4');
  await writeFile(file, content);
  return file;
}

export function runResultStoreContract(
  name: string,
  makeStore: (ttlMs: number) => Promise<ResultStore>,
): void {
  describe(`${name} (result store contract)`, () => {
    afterAll(() => Promise.all(sourceFolders.map((dir) => rm(dir, { recursive: true, force: true }))));

    it('stores a file and streams it whole or by range', async () => {
      const store = await makeStore(60_000);
      const meta = await store.put(await sourceFile('0123456789'), {
        fileName: 'Clip é.mp4',
        contentType: 'video/mp4',
      });
      expect(meta).toMatchObject({ fileName: 'Clip é.mp4', contentType: 'video/mp4', size: 10 });
      const opened = await store.open(meta.fileId);
      expect(opened?.size).toBe(10);
      expect(opened?.meta.fileName).toBe('Clip é.mp4');
      expect(await text(opened!.createReadStream())).toBe('0123456789');
      expect(await text(opened!.createReadStream({ start: 2, end: 4 }))).toBe('234');
    });

    it('answers nothing for unknown or malformed ids', async () => {
      const store = await makeStore(60_000);
      expect(await store.open('AAAAAAAAAAAAAAAAAAAAAA')).toBeUndefined();
      expect(await store.open('../etc/passwd')).toBeUndefined();
    });

    it('an expired result is gone, and the sweep removes it', async () => {
      const store = await makeStore(30);
      const meta = await store.put(await sourceFile('x'), { fileName: 'a.mp4', contentType: 'video/mp4' });
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(await store.open(meta.fileId)).toBeUndefined();
      expect(await store.sweep()).toBe(1);
      expect(await store.sweep()).toBe(0);
    });

    it('deletes a result at once (a synchronous answer already sent)', async () => {
      const store = await makeStore(60_000);
      const meta = await store.put(await sourceFile('x'), { fileName: 'a.jpg', contentType: 'image/jpeg' });
      await store.delete(meta.fileId);
      expect(await store.open(meta.fileId)).toBeUndefined();
      await store.delete('../etc/passwd');
      expect(await store.sweep()).toBe(0);
    });

    it('the sweep keeps results that have not expired', async () => {
      const store = await makeStore(60_000);
      const meta = await store.put(await sourceFile('x'), { fileName: 'a.mp4', contentType: 'video/mp4' });
      expect(await store.sweep()).toBe(0);
      expect(await store.open(meta.fileId)).toBeDefined();
    });
  });
}
