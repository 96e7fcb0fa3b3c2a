import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ERRORS, Upload } from '@tus/utils';
import { afterEach, describe, expect, it } from 'vitest';
import { DiskResumableUploads } from './disk-resumable-uploads';
import { MemoryUploadLedger } from './memory-upload-ledger';

const hour = 3600_000;
let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function uploadsWithTwoExpired(): Promise<DiskResumableUploads> {
  dir = await mkdtemp(path.join(tmpdir(), 'grabbit-sweep-'));
  const uploads = new DiskResumableUploads(dir, hour, hour, new MemoryUploadLedger());
  const created = new Date(Date.now() - 2 * hour).toISOString();
  for (const id of ['a'.repeat(32), 'b'.repeat(32)])
    await uploads.store.create(new Upload({ id, size: 10, offset: 0, creation_date: created }));
  return uploads;
}

describe('the resumable uploads sweep', () => {
  it('removes uploads past their time', async () => {
    const uploads = await uploadsWithTwoExpired();
    expect(await uploads.sweep()).toBe(2);
    expect(await uploads.ids()).toEqual([]);
  });

  it('keeps an upload the store failed to read (asked again at the next sweep)', async () => {
    const uploads = await uploadsWithTwoExpired();
    const read = uploads.store.getUpload.bind(uploads.store);
    // The store fails for one upload, as a busy bucket does mid-chunk.
    uploads.store.getUpload = async (id) => {
      if (id.startsWith('a')) throw ERRORS.UNKNOWN_ERROR;
      return read(id);
    };
    expect(await uploads.sweep()).toBe(1);
    expect(await uploads.ids()).toEqual(['a'.repeat(32)]);
  });
});
