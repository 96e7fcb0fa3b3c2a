// The behaviour every cloud-storage bucket shares, run against each kind (local folder, S3):
// put and read back whole and by range, the size limit keeping nothing, delete once, usage,
// expiry on read and by the sweep, and a reopened store (a restart) forgetting expired objects.
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { CloudStore } from '../../src/cloud/cloud-store';
import { newFileKey } from '../../src/cloud/file-keys';

/** Opens the store under test over the same bucket each time (a second call is a restart). */
export type OpenCloudStore = (now: () => number) => Promise<CloudStore>;

const bytesOf = (size: number) => Buffer.from(Array.from({ length: size }, (_, index) => index % 251));

function input(size: number, expiresAt: number, isPublic = false) {
  return {
    fileKey: newFileKey('clip'),
    body: Readable.from([bytesOf(size)]),
    fileName: 'My clip é.mp4',
    contentType: 'video/mp4',
    isPublic,
    expiresAt,
  };
}

export function cloudStoreContract(kind: 'local' | 's3', open: OpenCloudStore): void {
  describe(`cloud store contract (${kind})`, () => {
    it('stores an object with its metadata, reads it whole and by range, deletes it once', async () => {
      const store = await open(Date.now);
      expect(store.provider).toBe(kind);
      const before = await store.usage();
      const meta = await store.put(input(3000, Date.now() + 60_000, true), 4096);
      expect(meta).toMatchObject({ size: 3000, fileName: 'My clip é.mp4', isPublic: true });
      expect(await store.get(meta.fileKey)).toMatchObject({
        size: 3000,
        fileName: 'My clip é.mp4',
        contentType: 'video/mp4',
        isPublic: true,
        expiresAt: meta.expiresAt,
      });
      expect(await store.usage()).toEqual({ objects: before.objects + 1, bytes: before.bytes + 3000 });
      const file = await store.open(meta);
      expect(file?.size).toBe(3000);
      expect((await buffer(file!.createReadStream())).equals(bytesOf(3000))).toBe(true);
      const part = await buffer(file!.createReadStream({ start: 100, end: 199 }));
      expect(part.equals(bytesOf(3000).subarray(100, 200))).toBe(true);
      expect(await store.delete(meta.fileKey)).toBe(true);
      expect(await store.delete(meta.fileKey)).toBe(false);
      expect(await store.get(meta.fileKey)).toBeUndefined();
      expect(await store.usage()).toEqual(before);
    });

    it('refuses a body past the limit and keeps nothing of it', async () => {
      const store = await open(Date.now);
      const before = await store.usage();
      const refused = input(5000, Date.now() + 60_000);
      await expect(store.put(refused, 4096)).rejects.toMatchObject({ code: 'FILE_TOO_LARGE' });
      expect(await store.get(refused.fileKey)).toBeUndefined();
      expect(await store.usage()).toEqual(before);
    });

    it('forgets an object at its expiry, sweeps it, and a reopened store keeps only the rest', async () => {
      let now = Date.now();
      const store = await open(() => now);
      const short = await store.put(input(10, now + 1000), 4096);
      const swept = await store.put(input(15, now + 1000), 4096);
      const long = await store.put(input(20, now + 60_000), 4096);
      expect(await store.get(short.fileKey)).toBeDefined();
      now += 1000;
      expect(await store.get(short.fileKey)).toBeUndefined();
      expect(await store.sweep()).toBeGreaterThanOrEqual(1);
      const reopened = await open(() => now);
      expect(await reopened.get(swept.fileKey)).toBeUndefined();
      expect(await reopened.get(long.fileKey)).toMatchObject({ size: 20 });
      expect(await reopened.delete(long.fileKey)).toBe(true);
    });
  });
}
