// The scaled mode's cloud storage: objects under `cloud/<fileKey>` in the S3-compatible bucket, the
// visitor-facing metadata (name, public flag, times) kept as the object's own metadata, so any API
// node answers for any object and expiry survives restarts. Reads stream from the bucket by range
// behind our own signed links; usage and the sweep come from listings.
import type { S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { StoredResult } from '../storage/result-store';
import { s3Sdk } from '../storage/s3-client';
import {
  deleteObjectKeys,
  headObject,
  isMissing,
  listObjects,
  streamWhenReady,
  uploadObject,
} from '../storage/s3-objects';
import type { CloudObjectMeta, CloudPutInput, CloudStore, CloudUsage } from './cloud-store';
import { isFileKey } from './file-keys';
import { byteLimit } from './disk-cloud-store';

const prefix = 'cloud/';

interface ObjectAnswer {
  Metadata?: Record<string, string>;
  ContentType?: string;
  ContentLength?: number;
}

export class BucketCloudStore implements CloudStore {
  readonly provider = 's3' as const;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly now: () => number,
  ) {}

  private keyOf(fileKey: string): string {
    return `${prefix}${fileKey}`;
  }

  async put(input: CloudPutInput, maxBytes: number): Promise<CloudObjectMeta> {
    if (!isFileKey(input.fileKey)) throw new Error(`not a file key: ${input.fileKey}`);
    const createdAt = this.now();
    // The limit stops the copy mid-stream; the failed upload leaves nothing in the bucket.
    const limited = input.body.pipe(byteLimit(maxBytes));
    input.body.once('error', (error) => limited.destroy(error));
    const size = await uploadObject(this.client, this.bucket, this.keyOf(input.fileKey), limited, {
      contentType: input.contentType,
      // User metadata is ASCII only: the visitor's name is stored URI-encoded.
      metadata: {
        filename: encodeURIComponent(input.fileName),
        createdat: String(createdAt),
        expiresat: String(input.expiresAt),
        public: String(input.isPublic),
      },
    }).catch((error: unknown) => {
      input.body.destroy();
      throw error;
    });
    const { fileKey, fileName, contentType, isPublic, expiresAt } = input;
    return { fileKey, fileName, contentType, size, isPublic, createdAt, expiresAt };
  }

  private metaOf(fileKey: string, answer: ObjectAnswer): CloudObjectMeta {
    const meta = answer.Metadata ?? {};
    return {
      fileKey,
      fileName: decodeURIComponent(meta.filename ?? fileKey),
      contentType: answer.ContentType ?? 'application/octet-stream',
      size: answer.ContentLength ?? 0,
      isPublic: meta.public === 'true',
      createdAt: Number(meta.createdat) || 0,
      // An object without a readable expiry was not written by this store: treated as expired.
      expiresAt: Number(meta.expiresat) || 0,
    };
  }

  private async head(fileKey: string): Promise<CloudObjectMeta | undefined> {
    const answer = await headObject(this.client, this.bucket, this.keyOf(fileKey));
    return answer && this.metaOf(fileKey, answer);
  }

  async get(fileKey: string): Promise<CloudObjectMeta | undefined> {
    const meta = isFileKey(fileKey) ? await this.head(fileKey) : undefined;
    if (!meta) return undefined;
    if (meta.expiresAt > this.now()) return meta;
    await this.delete(fileKey);
    return undefined;
  }

  async open(meta: CloudObjectMeta): Promise<StoredResult | undefined> {
    const current = await this.get(meta.fileKey);
    if (!current) return undefined;
    const { client, bucket } = this;
    const Key = this.keyOf(meta.fileKey);
    return {
      meta: { ...current, fileId: current.fileKey, storedName: current.fileKey },
      size: current.size,
      createReadStream: (range) =>
        streamWhenReady(
          client
            .send(
              new (s3Sdk().GetObjectCommand)({
                Bucket: bucket,
                Key,
                Range: range && `bytes=${range.start}-${range.end}`,
              }),
            )
            .then((answer) => answer.Body as Readable)
            .catch((error: unknown) => {
              if (isMissing(error)) return undefined;
              throw error;
            }),
        ),
    };
  }

  async delete(fileKey: string): Promise<boolean> {
    if (!isFileKey(fileKey) || !(await this.head(fileKey))) return false;
    await deleteObjectKeys(this.client, this.bucket, [this.keyOf(fileKey)]);
    return true;
  }

  async usage(): Promise<CloudUsage> {
    let objects = 0;
    let bytes = 0;
    for await (const object of listObjects(this.client, this.bucket, prefix)) {
      objects += 1;
      bytes += object.Size ?? 0;
    }
    return { objects, bytes };
  }

  /** Deletes every object past its recorded expiry (any node may run it; deletes are idempotent). */
  async sweep(): Promise<number> {
    const now = this.now();
    const expired: string[] = [];
    for await (const object of listObjects(this.client, this.bucket, prefix)) {
      const fileKey = (object.Key ?? '').slice(prefix.length);
      const meta = isFileKey(fileKey) ? await this.head(fileKey) : undefined;
      // Keys this store did not write, and objects past their time.
      if (!meta || meta.expiresAt <= now) expired.push(object.Key ?? '');
    }
    await deleteObjectKeys(this.client, this.bucket, expired);
    return expired.length;
  }
}
