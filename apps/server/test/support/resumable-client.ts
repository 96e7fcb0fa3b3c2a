// Resumable uploads the way a real client makes them (tus-js-client, in Node) against a listening
// test app, and a look at what the server stored, in either mode (a file under DATA_DIR/resumable,
// or an object under the bucket's uploads/tus/).
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { ConverterKind } from '@grabbit/catalog';
import { apiRoutes, convertEndpoints } from '@grabbit/contracts';
import { Upload, type UploadOptions } from 'tus-js-client';
import { inject } from 'vitest';
import { createS3Client } from '../../src/storage/s3-client';
import type { TestApp } from './test-app';

export const uploadsEndpoint = (origin: string) => `${origin}${apiRoutes.uploads}`;

/** The id (last part) of an upload's URL. */
export const idOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/**
 * A file of `bytes` arbitrary bytes written from a generator (never whole in memory); answers its
 * path and SHA-256.
 */
export async function writeBytes(
  dir: string,
  name: string,
  bytes: number,
): Promise<{ file: string; sha: string }> {
  const file = path.join(dir, name);
  const hash = createHash('sha256');
  const block = 1024 * 1024;
  async function* blocks() {
    for (let offset = 0, index = 0; offset < bytes; offset += block, index += 1) {
      // Each block differs from the others, so a misplaced or repeated chunk shows in the hash.
      const chunk = Buffer.alloc(Math.min(block, bytes - offset), index % 251);
      chunk.writeUInt32BE(index, 0);
      hash.update(chunk);
      yield chunk;
    }
  }
  await pipeline(blocks, createWriteStream(file));
  return { file, sha: hash.digest('hex') };
}

const readBlock = 1024 * 1024;

/**
 * Chunks read from disk in 1 MiB reads, each with its size (so its Content-Length is sent). The
 * library's own reader reads 64 KiB at a time and pipes each through a progress counter: on 1 GB
 * that cost the client half again the time of the transfer itself. The file is opened once, and
 * the next chunk's first block is read while the server answers the last one: reading it only
 * once the answer is in (a file to open, a read to wait for) left the server idle between chunks.
 */
function diskReader(opened: Set<() => void>) {
  return {
    async openFile(input: { path: string }) {
      const handle = await open(input.path);
      const { size } = await handle.stat();
      let closed = false;
      const close = () => {
        closed = true;
        opened.delete(close);
        void handle.close().catch(() => undefined);
      };
      opened.add(close);
      // A read the client no longer wants (it closed the file, e.g. on abort) ends the block stream
      // quietly instead of failing with "file closed" where nobody listens.
      const readAt = async (at: number): Promise<Buffer> => {
        if (closed) return Buffer.alloc(0);
        try {
          const { buffer, bytesRead } = await handle.read(
            Buffer.allocUnsafe(Math.min(readBlock, size - at)),
            {
              position: at,
            },
          );
          return buffer.subarray(0, bytesRead);
        } catch (error) {
          if (closed) return Buffer.alloc(0);
          throw error;
        }
      };
      let ahead: { at: number; block: Promise<Buffer> } | undefined;
      async function* blocks(start: number, end: number) {
        for (let at = start; at < end;) {
          const block = ahead?.at === at ? await ahead.block : await readAt(at);
          ahead = undefined;
          const piece = block.subarray(0, end - at);
          if (piece.length === 0) return;
          at += piece.length;
          if (at >= end && end < size) {
            ahead = { at: end, block: readAt(end) };
            // A resumed upload may start elsewhere: the block is then dropped, unread.
            ahead.block.catch(() => undefined);
          }
          yield piece;
        }
      }
      return {
        size,
        slice: async (start: number, end: number) => {
          const last = Math.min(end, size);
          const value = Object.assign(Readable.from(blocks(start, last), { objectMode: false }), {
            size: last - start,
          });
          return { value, done: last >= size };
        },
        close,
      };
    },
  };
}

/** Closes the files an upload's reader holds (the library closes them only after a success). */
const releases = new WeakMap<Upload, () => void>();

/** A tus upload of a local file (its slices are read from disk, each with its Content-Length). */
export function tusUpload(
  origin: string,
  file: string,
  options: Partial<UploadOptions> & { headers?: Record<string, string> },
): Upload {
  const opened = new Set<() => void>();
  const upload = new Upload(createReadStream(file), {
    endpoint: uploadsEndpoint(origin),
    fileReader: diskReader(opened),
    metadata: { filename: path.basename(file) },
    retryDelays: [],
    removeFingerprintOnSuccess: true,
    ...options,
  });
  const release = () => [...opened].forEach((close) => close());
  releases.set(upload, release);
  const abort = upload.abort.bind(upload);
  upload.abort = (shouldTerminate?: boolean) => abort(shouldTerminate).finally(release);
  return upload;
}

/** Runs an upload to its end: its URL once finished, or the error. */
export function finish(upload: Upload): Promise<string> {
  return new Promise((resolve, reject) => {
    upload.options.onSuccess = () => resolve(upload.url ?? '');
    upload.options.onError = (error) => {
      releases.get(upload)?.();
      reject(error);
    };
    upload.start();
  });
}

/** What the server stored for the upload: a stream of its bytes, undefined when nothing is there. */
/** The bucket's settings in the integration-scaled project; undefined in embedded mode. */
function scaledBucket(): Record<string, string> | undefined {
  try {
    const scaled = inject('scaledEnv');
    return scaled?.S3_BUCKET ? scaled : undefined;
  } catch {
    return undefined;
  }
}

function bucketClient(scaled: Record<string, string>) {
  return createS3Client({
    bucket: scaled.S3_BUCKET ?? '',
    endpoint: scaled.S3_ENDPOINT,
    region: 'us-east-1',
    accessKeyId: scaled.S3_ACCESS_KEY_ID,
    secretAccessKey: scaled.S3_SECRET_ACCESS_KEY,
    forcePathStyle: true,
  });
}

/**
 * Rewrites what the store keeps beside an upload's bytes (its id, length, metadata) with `change`
 * applied to its text: a file `<id>.json`, or the bucket's `<id>.info` (its S3 metadata kept).
 */
export async function rewriteUploadInfo(
  server: TestApp,
  id: string,
  change: (text: string) => string,
): Promise<void> {
  const scaled = scaledBucket();
  if (!scaled) {
    const file = path.join(server.dataDir, 'resumable', `${id}.json`);
    await writeFile(file, change(await readFile(file, 'utf8')));
    return;
  }
  const client = bucketClient(scaled);
  try {
    const target = { Bucket: scaled.S3_BUCKET, Key: `uploads/tus/${id}.info` };
    const info = await client.send(new GetObjectCommand(target));
    const text = (await info.Body?.transformToString()) ?? '';
    await client.send(new PutObjectCommand({ ...target, Body: change(text), Metadata: info.Metadata }));
  } finally {
    client.destroy();
  }
}

export async function storedUpload(server: TestApp, id: string): Promise<Readable | undefined> {
  const scaled = scaledBucket();
  if (!scaled) {
    // Opened before answering: a sweep may remove the file between a look and a lazy open.
    const handle = await open(path.join(server.dataDir, 'resumable', id)).catch(() => undefined);
    return handle?.createReadStream();
  }
  const client = bucketClient(scaled);
  try {
    const answer = await client.send(
      new GetObjectCommand({ Bucket: scaled.S3_BUCKET, Key: `uploads/tus/${id}` }),
    );
    const body = answer.Body as Readable;
    body.once('close', () => client.destroy());
    return body;
  } catch {
    client.destroy();
    return undefined;
  }
}

/** Whether the server still stores the upload (what was opened to tell is closed again). */
export async function isStored(server: TestApp, id: string): Promise<boolean> {
  const stored = await storedUpload(server, id);
  stored?.destroy();
  return stored !== undefined;
}

export async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** POST /api/convert/{kind} with UploadId instead of InputFile (fields only, multipart). */
export function convertById(
  server: TestApp,
  kind: ConverterKind,
  uploadId: string,
  outputFormat: string,
  headers: Record<string, string> = {},
) {
  const boundary = `----grabbit${Math.random().toString(16).slice(2)}`;
  const fields = { OutputFormat: outputFormat, Quality: 'high', UploadId: uploadId };
  const payload =
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') + `--${boundary}--\r\n`;
  return server.app.inject({
    method: 'POST',
    url: convertEndpoints[kind],
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
  });
}
