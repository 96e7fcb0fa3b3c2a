// Bucket operations shared by the result store (results/, uploads/) and cloud storage (cloud/):
// streamed multipart uploads with metadata, batched deletes, prefix listings, and a stream that
// can be handed out before the bucket has answered.
import type { HeadObjectCommandOutput, S3Client, _Object } from '@aws-sdk/client-s3';
import { PassThrough, type Readable } from 'node:stream';
import { s3Sdk } from './s3-client';

/** 8 MiB parts, two in flight: the most one upload holds in memory is about 16 MiB. */
const partSize = 8 * 1024 * 1024;
const partsInFlight = 2;

export function isMissing(error: unknown): boolean {
  const { NoSuchKey, NotFound, S3ServiceException } = s3Sdk();
  return (
    error instanceof NoSuchKey ||
    error instanceof NotFound ||
    (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
  );
}

/** The object's HEAD answer (metadata, type, length), or undefined when it is missing. */
export async function headObject(
  client: S3Client,
  bucket: string,
  key: string,
): Promise<HeadObjectCommandOutput | undefined> {
  try {
    return await client.send(new (s3Sdk().HeadObjectCommand)({ Bucket: bucket, Key: key }));
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** Streams a body into the bucket under `key`; answers the size as the bucket counted it. */
export async function uploadObject(
  client: S3Client,
  bucket: string,
  key: string,
  body: Readable,
  info: { contentType: string; metadata: Record<string, string> },
): Promise<number> {
  // Loaded with the first upload, as the S3 client is (s3-client.ts).
  const { Upload } = await import('@aws-sdk/lib-storage');
  const upload = new Upload({
    client,
    queueSize: partsInFlight,
    partSize,
    // A failed upload aborts its multipart upload: no parts are left behind in the bucket.
    leavePartsOnError: false,
    params: { Bucket: bucket, Key: key, Body: body, ContentType: info.contentType, Metadata: info.metadata },
  });
  // The source's own failure is the one worth reporting, not a later one from the clean-up.
  let sourceError: unknown;
  body.once('error', (error) => (sourceError = error));
  try {
    await upload.done();
  } catch (error) {
    body.destroy();
    throw sourceError ?? error;
  }
  // The source was a stream of unknown length.
  const written = await client.send(new (s3Sdk().HeadObjectCommand)({ Bucket: bucket, Key: key }));
  return written.ContentLength ?? 0;
}

export async function deleteObjectKeys(client: S3Client, bucket: string, keys: string[]): Promise<void> {
  // DeleteObjects takes at most 1000 keys.
  for (let start = 0; start < keys.length; start += 1000) {
    const Objects = keys.slice(start, start + 1000).map((Key) => ({ Key }));
    await client.send(
      new (s3Sdk().DeleteObjectsCommand)({ Bucket: bucket, Delete: { Objects, Quiet: true } }),
    );
  }
}

/** Every object under a prefix, page by page. */
export async function* listObjects(
  client: S3Client,
  bucket: string,
  prefix: string,
): AsyncGenerator<_Object> {
  let ContinuationToken: string | undefined;
  do {
    const page = await client.send(
      new (s3Sdk().ListObjectsV2Command)({ Bucket: bucket, Prefix: prefix, ContinuationToken }),
    );
    for (const object of page.Contents ?? []) if (object.Key) yield object;
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
}

/** A stream answered at once, fed by the bucket's answer when it comes (an error if it is gone). */
export function streamWhenReady(opening: Promise<Readable | undefined>): Readable {
  const out = new PassThrough();
  opening.then(
    (body) => {
      if (!body) out.destroy(new Error('The object expired'));
      else body.on('error', (error) => out.destroy(error)).pipe(out);
    },
    (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return out;
}
