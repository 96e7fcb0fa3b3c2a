// Scaled mode with a bucket: uploads wait as objects under its `uploads/` prefix (streamed in,
// multipart, never whole in memory); a worker copies its input into a workspace of its own.
import { PassThrough } from 'node:stream';
import type { ConvertInput } from '../jobs/job-types';
import type { S3Bucket, StoredObject } from '../storage/s3-bucket';
import {
  workspaceFilledBy,
  type ClaimedInput,
  type ConversionInputs,
  type PendingInput,
} from './conversion-inputs';

/** How a waiting upload is described in the bucket (its real name travels in the job). */
const uploadInfo = { fileName: 'upload', contentType: 'application/octet-stream' };

/** 1 MiB between the multipart parser and the bucket's part buffer. */
const passBytes = 1024 * 1024;

export class BucketConversionInputs implements ConversionInputs {
  /**
   * `uploads` is the bucket under its `uploads/` prefix, expiring after the longest job; workers
   * copy inputs into workspaces under `dataDir`.
   */
  constructor(
    private readonly uploads: S3Bucket,
    private readonly dataDir: string,
  ) {}

  async create(): Promise<PendingInput> {
    let stored: Promise<StoredObject> | undefined;
    return {
      target: () => {
        const stream = new PassThrough({ highWaterMark: passBytes });
        stored = this.uploads.put(stream, uploadInfo);
        return { stream, stored };
      },
      adopt: async (source) => {
        if (source.kind !== 'object') throw new Error('A bucket input takes only bucket uploads');
        stored = this.uploads.copyIn(source.key, uploadInfo);
        await stored;
      },
      input: async () => {
        if (!stored) throw new Error('No upload was stored');
        return { store: 'bucket', objectId: (await stored).fileId };
      },
      dispose: async () => {
        const object = await stored?.catch(() => undefined);
        if (object) await this.uploads.delete(object.fileId);
      },
    };
  }

  async claim(input: ConvertInput): Promise<ClaimedInput | undefined> {
    if (input.store !== 'bucket') return undefined;
    return workspaceFilledBy(this.dataDir, (target) => this.uploads.copyToFile(input.objectId, target));
  }

  async remove(input: ConvertInput): Promise<void> {
    if (input.store === 'bucket') await this.uploads.delete(input.objectId);
  }

  async sweep(): Promise<void> {
    await this.uploads.sweep();
  }
}
