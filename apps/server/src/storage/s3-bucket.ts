// Result files in an S3-compatible bucket, so any API node serves any worker's result. Uploads are
// multipart and streamed (a few parts in memory at most, never the whole file); reads are streams
// with range support, or a short-lived signed link that carries the visitor's file name. Every
// object records when it expires, and the sweep deletes what is past it, also across restarts.
import type { S3Client } from '@aws-sdk/client-s3';
import { create as contentDisposition } from 'content-disposition';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isId, newId } from '../core/ids';
import { s3Sdk } from './s3-client';
import { deleteObjectKeys, headObject, isMissing, listObjects, uploadObject } from './s3-objects';

export interface StoredObject {
  fileId: string;
  fileName: string;
  contentType: string;
  size: number;
  createdAt: number;
  expiresAt: number;
}

export interface OpenedObject extends StoredObject {
  body: Readable;
  /** Bytes in this answer (the range's length for a range). */
  length: number;
  /** `bytes start-end/size` when a range was asked for and answered. */
  contentRange?: string;
}

const rangePattern = /^bytes=(\d+-\d*|-\d+)$/;

/** The range the bucket could not answer (past the end): the caller answers 416. */
export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super('Range not satisfiable');
  }
}

export class S3Bucket {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly ttlMs: number,
    /** Folder of this store's objects: `results/`, or `uploads/` for conversions on workers. */
    private readonly prefix = 'results/',
  ) {}

  private keyOf(fileId: string): string {
    return `${this.prefix}${fileId}`;
  }

  /** Streams a body into the bucket under a new id. */
  async put(body: Readable, info: { fileName: string; contentType: string }): Promise<StoredObject> {
    const fileId = newId();
    const createdAt = Date.now();
    const expiresAt = createdAt + this.ttlMs;
    const size = await uploadObject(this.client, this.bucket, this.keyOf(fileId), body, {
      contentType: info.contentType,
      metadata: this.metadata(info.fileName, createdAt, expiresAt),
    });
    return { fileId, ...info, size, createdAt, expiresAt };
  }

  /**
   * Copies another object of the bucket in under a new id (inside the bucket, no bytes through this
   * process); the source stays where it is.
   */
  async copyIn(sourceKey: string, info: { fileName: string; contentType: string }): Promise<StoredObject> {
    const fileId = newId();
    const createdAt = Date.now();
    const expiresAt = createdAt + this.ttlMs;
    await this.client.send(
      new (s3Sdk().CopyObjectCommand)({
        Bucket: this.bucket,
        Key: this.keyOf(fileId),
        CopySource: `${this.bucket}/${sourceKey.split('/').map(encodeURIComponent).join('/')}`,
        MetadataDirective: 'REPLACE',
        ContentType: info.contentType,
        Metadata: this.metadata(info.fileName, createdAt, expiresAt),
      }),
    );
    const stored = await this.head(fileId);
    if (!stored) throw new Error(`The copy of ${sourceKey} is missing`);
    return { ...stored, ...info };
  }

  /** User metadata is ASCII only: the visitor's name is stored URI-encoded. */
  private metadata(fileName: string, createdAt: number, expiresAt: number): Record<string, string> {
    return {
      filename: encodeURIComponent(fileName),
      createdat: String(createdAt),
      expiresat: String(expiresAt),
    };
  }

  /** Streams a finished local file into the bucket, then removes the local copy. */
  async putFile(sourcePath: string, info: { fileName: string; contentType: string }): Promise<StoredObject> {
    try {
      return await this.put(createReadStream(sourcePath), info);
    } finally {
      await rm(sourcePath, { force: true });
    }
  }

  private toStored(
    fileId: string,
    answer: { Metadata?: Record<string, string>; ContentType?: string; ContentLength?: number },
  ): StoredObject | undefined {
    const meta = answer.Metadata ?? {};
    const expiresAt = Number(meta.expiresat);
    if (!Number.isFinite(expiresAt) || expiresAt <= Date.now()) return undefined;
    return {
      fileId,
      fileName: decodeURIComponent(meta.filename ?? fileId),
      contentType: answer.ContentType ?? 'application/octet-stream',
      size: answer.ContentLength ?? 0,
      createdAt: Number(meta.createdat) || 0,
      expiresAt,
    };
  }

  /** The stored object's description, or undefined when missing or expired. */
  async head(fileId: string): Promise<StoredObject | undefined> {
    if (!isId(fileId)) return undefined;
    const answer = await headObject(this.client, this.bucket, this.keyOf(fileId));
    return answer && this.toStored(fileId, answer);
  }

  /**
   * The object as a stream, whole or one `bytes=` range (an unreadable range header is ignored,
   * as HTTP allows). Undefined when missing or expired.
   */
  async open(fileId: string, range?: string): Promise<OpenedObject | undefined> {
    if (!isId(fileId)) return undefined;
    let Range = range && rangePattern.test(range) ? range : undefined;
    if (Range?.startsWith('bytes=-')) {
      // A suffix range ("the last N bytes") made explicit: some compatible servers misread it.
      const stored = await this.head(fileId);
      if (!stored) return undefined;
      const last = Math.min(Number(Range.slice('bytes=-'.length)), stored.size);
      if (last === 0) throw new RangeNotSatisfiableError(stored.size);
      Range = `bytes=${stored.size - last}-${stored.size - 1}`;
    }
    try {
      const answer = await this.client.send(
        new (s3Sdk().GetObjectCommand)({ Bucket: this.bucket, Key: this.keyOf(fileId), Range }),
      );
      const body = answer.Body as Readable;
      const length = answer.ContentLength ?? 0;
      const total = answer.ContentRange ? Number(answer.ContentRange.split('/')[1]) : length;
      const stored = this.toStored(fileId, { ...answer, ContentLength: total });
      if (!stored) {
        body.destroy();
        return undefined;
      }
      return {
        ...stored,
        body,
        length,
        ...(Range && answer.ContentRange ? { contentRange: answer.ContentRange } : {}),
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      if (error instanceof s3Sdk().S3ServiceException && error.$metadata.httpStatusCode === 416) {
        const stored = await this.head(fileId);
        if (!stored) return undefined;
        throw new RangeNotSatisfiableError(stored.size);
      }
      throw error;
    }
  }

  /** Copies an object to a local file (a worker fetching an upload); false when it is missing. */
  async copyToFile(fileId: string, targetPath: string): Promise<boolean> {
    const opened = await this.open(fileId);
    if (!opened) return false;
    await pipeline(opened.body, createWriteStream(targetPath, { flags: 'wx', mode: 0o600 }));
    return true;
  }

  /** A link the visitor's browser fetches straight from the bucket, named as the visitor expects. */
  async signedUrl(stored: StoredObject, expiresInSeconds = 300): Promise<string> {
    const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
    return getSignedUrl(
      this.client,
      new (s3Sdk().GetObjectCommand)({
        Bucket: this.bucket,
        Key: this.keyOf(stored.fileId),
        ResponseContentDisposition: contentDisposition(stored.fileName),
        ResponseContentType: stored.contentType,
      }),
      { expiresIn: expiresInSeconds },
    );
  }

  async delete(fileId: string): Promise<void> {
    if (isId(fileId)) await this.deleteKeys([this.keyOf(fileId)]);
  }

  private deleteKeys(keys: string[]): Promise<void> {
    return deleteObjectKeys(this.client, this.bucket, keys);
  }

  /**
   * Deletes every expired result; returns how many. The listing tells each object's age; only the
   * ones older than the TTL are candidates and asked for their recorded expiry, so a sweep of a
   * bucket of fresh results costs one listing.
   */
  async sweep(now = Date.now()): Promise<number> {
    const expired: string[] = [];
    for await (const object of listObjects(this.client, this.bucket, this.prefix)) {
      const key = object.Key ?? '';
      // A sub-folder is another store's (resumable uploads under uploads/tus/ sweep themselves).
      if (key.slice(this.prefix.length).includes('/')) continue;
      const age = now - (object.LastModified?.getTime() ?? 0);
      if (age >= this.ttlMs && (await this.recordedExpiry(key)) <= now) expired.push(key);
    }
    await this.deleteKeys(expired);
    return expired.length;
  }

  private async recordedExpiry(key: string): Promise<number> {
    try {
      const answer = await this.client.send(
        new (s3Sdk().HeadObjectCommand)({ Bucket: this.bucket, Key: key }),
      );
      // An object without a readable expiry is an orphan (not written by this store): expired.
      return Number(answer.Metadata?.expiresat) || 0;
    } catch (error) {
      if (isMissing(error)) return Number.POSITIVE_INFINITY;
      throw error;
    }
  }

  /** Whether the bucket answers (for /health). */
  async reachable(): Promise<boolean> {
    try {
      await this.client.send(new (s3Sdk().HeadBucketCommand)({ Bucket: this.bucket }));
      return true;
    } catch {
      return false;
    }
  }
}
