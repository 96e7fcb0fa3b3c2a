// The S3 result store against a real S3-compatible server (s3rver): streamed multipart uploads,
// ranges, signed links with the visitor's file name, delete, and expiry across restarts.
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RangeNotSatisfiableError, S3Bucket } from '../src/storage/s3-bucket';
import { startS3, type TestS3 } from './support/s3-server';

const hour = 60 * 60 * 1000;
let s3: TestS3;
let client: ReturnType<TestS3['client']>;
/** Every S3 command the shared client sent, by name. */
const commandsSent: string[] = [];

/** `megabytes` of a repeating byte pattern, produced 64 KiB at a time (never held whole). */
function patternStream(megabytes: number, failAfterBytes?: number): Readable {
  const chunk = Buffer.alloc(64 * 1024, 'grabbit-');
  const chunks = (megabytes * 1024 * 1024) / chunk.length;
  return Readable.from(
    (function* () {
      for (let index = 0; index < chunks; index += 1) {
        if (failAfterBytes !== undefined && index * chunk.length >= failAfterBytes)
          throw new Error('source broke');
        yield chunk;
      }
    })(),
  );
}

async function sha256(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const part of stream) hash.update(part as Buffer);
  return hash.digest('hex');
}

async function keysInBucket(): Promise<string[]> {
  const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (page.Contents ?? []).map((object) => object.Key ?? '');
}

beforeAll(async () => {
  s3 = await startS3();
  client = s3.client();
  client.middlewareStack.add(
    (next, context) => (args) => {
      commandsSent.push(context.commandName ?? '');
      return next(args);
    },
    { step: 'initialize' },
  );
});

afterAll(async () => {
  client?.destroy();
  await s3?.close();
});

describe('S3 result store', () => {
  it('streams a large result in parts and reads it back whole and by range', async () => {
    const store = new S3Bucket(client, s3.bucket, 24 * hour);
    commandsSent.length = 0;
    const stored = await store.put(patternStream(18), { fileName: 'clip.mp4', contentType: 'video/mp4' });
    expect(stored.size).toBe(18 * 1024 * 1024);
    expect(stored.expiresAt - stored.createdAt).toBe(24 * hour);
    // 18 MiB in 8 MiB parts: one multipart upload of three parts.
    expect(commandsSent.filter((name) => name !== 'HeadObjectCommand')).toEqual([
      'CreateMultipartUploadCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'CompleteMultipartUploadCommand',
    ]);

    const whole = await store.open(stored.fileId);
    expect(whole?.length).toBe(stored.size);
    expect(await sha256(whole!.body)).toBe(await sha256(patternStream(18)));

    const part = await store.open(stored.fileId, 'bytes=3-10');
    expect(part?.contentRange).toBe(`bytes 3-10/${stored.size}`);
    expect(part?.length).toBe(8);
    expect(part?.size).toBe(stored.size);
    expect(await text(part!.body)).toBe('bbit-gra');

    await expect(store.open(stored.fileId, `bytes=${stored.size + 10}-`)).rejects.toBeInstanceOf(
      RangeNotSatisfiableError,
    );
    await store.delete(stored.fileId);
    expect(await store.head(stored.fileId)).toBeUndefined();
    expect(await store.open(stored.fileId)).toBeUndefined();
  });

  it('signs a short-lived link that names the file for the visitor, non-ASCII included', async () => {
    const store = new S3Bucket(client, s3.bucket, 24 * hour);
    const stored = await store.put(Readable.from([Buffer.from('hello')]), {
      fileName: 'Été à Paris — 日本.mp3',
      contentType: 'audio/mpeg',
    });
    expect(stored.fileName).toBe('Été à Paris — 日本.mp3');
    const link = await store.signedUrl(stored, 60);
    expect(link.startsWith(`${s3.endpoint}/${s3.bucket}/results/${stored.fileId}?`)).toBe(true);
    const answer = await fetch(link);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('audio/mpeg');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="[^"]+"; filename\*=UTF-8''%C3%89t%C3%A9%20%C3%A0%20Paris%20%E2%80%94%20%E6%97%A5%E6%9C%AC\.mp3$/,
    );
    expect(await answer.text()).toBe('hello');
    await store.delete(stored.fileId);
  });

  it('keeps uploads apart from results, and hands an upload to a worker as a local file', async () => {
    const uploads = new S3Bucket(client, s3.bucket, hour, 'uploads/');
    const results = new S3Bucket(client, s3.bucket, hour);
    const upload = await uploads.put(Readable.from([Buffer.from('uploaded bytes')]), {
      fileName: 'in.wav',
      contentType: 'audio/wav',
    });
    expect(await results.head(upload.fileId)).toBeUndefined();
    expect(await results.sweep(Date.now() + 2 * hour)).toBe(0);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-s3-copy-'));
    try {
      const target = path.join(dir, 'input');
      expect(await uploads.copyToFile(upload.fileId, target)).toBe(true);
      expect(readFileSync(target, 'utf8')).toBe('uploaded bytes');
      expect(await uploads.copyToFile('AAAAAAAAAAAAAAAAAAAAAA', path.join(dir, 'none'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(await uploads.sweep(Date.now() + 2 * hour)).toBe(1);
  });

  it('leaves nothing in the bucket when the source breaks mid-upload', async () => {
    const store = new S3Bucket(client, s3.bucket, 24 * hour);
    const before = await keysInBucket();
    await expect(
      store.put(patternStream(20, 10 * 1024 * 1024), { fileName: 'x.mp4', contentType: 'video/mp4' }),
    ).rejects.toThrow(/source broke/);
    expect(await keysInBucket()).toEqual(before);
  });

  it('hides expired results and sweeps them, also from a store started later', async () => {
    const first = new S3Bucket(client, s3.bucket, hour);
    const old = await first.put(Readable.from([Buffer.from('old')]), {
      fileName: 'a.txt',
      contentType: 'text/plain',
    });
    const fresh = await first.put(Readable.from([Buffer.from('new')]), {
      fileName: 'b.txt',
      contentType: 'text/plain',
    });
    // A restart: a new client and store over the same bucket.
    const restartedClient = s3.client();
    const restarted = new S3Bucket(restartedClient, s3.bucket, hour);
    expect(await restarted.sweep()).toBe(0);
    expect(await restarted.head(old.fileId)).toBeDefined();
    // An hour and a minute later, both are past their recorded expiry.
    expect(await restarted.sweep(Date.now() + hour + 60_000)).toBe(2);
    expect(await keysInBucket()).not.toContain(`results/${fresh.fileId}`);
    expect(await restarted.head(old.fileId)).toBeUndefined();
    restartedClient.destroy();

    // A result whose recorded expiry has passed is never served, even before a sweep.
    const shortLived = new S3Bucket(client, s3.bucket, 50);
    const gone = await shortLived.put(Readable.from([Buffer.from('x')]), {
      fileName: 'c.txt',
      contentType: 'text/plain',
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await shortLived.head(gone.fileId)).toBeUndefined();
    expect(await shortLived.open(gone.fileId)).toBeUndefined();
    expect(await shortLived.sweep()).toBe(1);
    expect(await shortLived.reachable()).toBe(true);
  });
});
