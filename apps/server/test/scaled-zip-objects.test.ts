// A playlist zip streamed from a real S3-compatible server (s3rver): every object in, names made
// unique, objects opened one at a time, a missing one left out; unzip checks the archive.
import { execFile } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Bucket } from '../src/storage/s3-bucket';
import { zipObjects } from '../src/download/zip';
import { startS3, type TestS3 } from './support/s3-server';

let s3: TestS3;
let client: ReturnType<TestS3['client']>;
let dir: string;

beforeAll(async () => {
  s3 = await startS3();
  client = s3.client();
  dir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-zip-'));
});

afterAll(async () => {
  client?.destroy();
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('zip of bucket objects', () => {
  it('streams every object in, one open at a time, with unique names', async () => {
    const store = new S3Bucket(client, s3.bucket, 60_000);
    const stored = await Promise.all(
      ['one', 'two', 'three'].map((text) =>
        store.put(Readable.from([Buffer.from(text.repeat(1000))]), {
          fileName: 'Clip.mp4',
          contentType: 'video/mp4',
        }),
      ),
    );
    let open = 0;
    let mostOpen = 0;
    const entries = [...stored.map((item) => item.fileId), 'AAAAAAAAAAAAAAAAAAAAAA'].map((fileId) => ({
      fileName: 'Clip.mp4',
      open: async () => {
        const object = await store.open(fileId);
        if (!object) return undefined;
        open += 1;
        mostOpen = Math.max(mostOpen, open);
        object.body.once('end', () => (open -= 1));
        return object.body;
      },
    }));
    const zipPath = path.join(dir, 'playlist.zip');
    await pipeline(await zipObjects(entries), createWriteStream(zipPath));
    expect(mostOpen).toBe(1);
    // Python's zipfile checks every entry's CRC and lists the names.
    const { stdout } = await promisify(execFile)('python3', [
      '-c',
      'import sys,zipfile;z=zipfile.ZipFile(sys.argv[1]);assert z.testzip() is None;print("|".join(z.namelist()));print(z.read("Clip (3).mp4").decode()[:10])',
      zipPath,
    ]);
    expect(stdout.trim().split('\n')).toEqual(['Clip.mp4|Clip (2).mp4|Clip (3).mp4', 'threethree']);
    expect(readFileSync(zipPath).length).toBeGreaterThan(11_000);
  });
});
