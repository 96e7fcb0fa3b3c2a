// Resumable uploads in the bucket (scaled mode), multipart, under `uploads/tus/` beside the uploads
// waiting for a worker: @tus/s3-store keeps each upload as a multipart upload plus `<key>.info`
// (and `<key>.part`, a tail too small for a part yet). The store's ids carry the prefix; the
// public id (the upload URL's last part) does not. Nothing is cached in the process, so every API
// node sees the same uploads.
import type { S3Client } from '@aws-sdk/client-s3';
import { S3Store } from '@tus/s3-store';
import { ERRORS, type KvStore, type Upload } from '@tus/utils';
import { deleteObjectKeys, headObject, listObjects } from '../storage/s3-objects';
import { s3ClientConfig, type S3Settings } from '../storage/s3-client';
import type { UploadLedger } from './upload-ledger';
import { sweepUploads, type ResumableUploads, type UploadSource } from './resumable-uploads';

export const resumablePrefix = 'uploads/tus/';

/** Metadata is read from the bucket each time: another API node may have changed it. */
const noCache: KvStore<never> = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
};

/**
 * The S3 store, with "not found" meaning the upload is not there. @tus/s3-store answers any failed
 * read of an upload's info (a timeout, a busy bucket) as FILE_NOT_FOUND: a client would then start
 * its upload over, and the sweep would remove an upload that is still being written. A failed read
 * whose info object is there is the bucket's failure (500, which tus clients retry).
 */
class BucketUploadStore extends S3Store {
  constructor(
    options: ConstructorParameters<typeof S3Store>[0],
    private readonly infoExists: (id: string) => Promise<boolean>,
  ) {
    super(options);
  }

  override async getUpload(id: string): Promise<Upload> {
    try {
      return await super.getUpload(id);
    } catch (error) {
      if (error !== ERRORS.FILE_NOT_FOUND) throw error;
      const there = await this.infoExists(id).catch(() => true);
      throw there ? ERRORS.UNKNOWN_ERROR : error;
    }
  }
}

export class BucketResumableUploads implements ResumableUploads {
  readonly store: S3Store;

  constructor(
    private readonly client: S3Client,
    private readonly settings: S3Settings,
    readonly ttlMs: number,
    readonly finishedTtlMs: number,
    readonly ledger: UploadLedger,
  ) {
    this.store = new BucketUploadStore(
      {
        s3ClientConfig: { ...s3ClientConfig(settings), bucket: settings.bucket },
        expirationPeriodInMilliseconds: ttlMs,
        cache: noCache,
        // Object tags are not understood by every S3-compatible server; the sweep reads ages instead.
        useTags: false,
      },
      async (key) => (await headObject(client, settings.bucket, `${key}.info`)) !== undefined,
    );
  }

  /** The object's key. */
  storeId(id: string): string {
    return `${resumablePrefix}${id}`;
  }

  sourceOf(id: string): UploadSource {
    return { kind: 'object', key: this.storeId(id) };
  }

  async forget(id: string): Promise<void> {
    const key = this.storeId(id);
    // An unfinished upload's parts go with its multipart upload; a finished one has none left.
    await this.store.remove(key).catch(() => undefined);
    await deleteObjectKeys(this.client, this.settings.bucket, [key, `${key}.info`, `${key}.part`]);
    await this.ledger.close(id);
  }

  async ids(): Promise<string[]> {
    const ids = new Set<string>();
    for await (const object of listObjects(this.client, this.settings.bucket, resumablePrefix)) {
      const id = (object.Key ?? '').slice(resumablePrefix.length).replace(/\.(info|part)$/, '');
      if (id && !id.includes('/')) ids.add(id);
    }
    return [...ids];
  }

  sweep(now = Date.now(), restore = false): Promise<number> {
    return sweepUploads(this, now, restore);
  }
}
