// The bucket behind the result-store interface the downloader uses: finished files are streamed
// into it, read back as streams with ranges, or handed out as signed links when redirects are on.
import type { Readable } from 'node:stream';
import type { ByteRange, ResultStore, StoredFileMeta, StoredResult } from './result-store';
import { streamWhenReady } from './s3-objects';
import type { S3Bucket, StoredObject } from './s3-bucket';

function metaOf(stored: StoredObject): StoredFileMeta {
  return { ...stored, storedName: stored.fileId };
}

export class BucketResultStore implements ResultStore {
  constructor(
    private readonly bucket: S3Bucket,
    private readonly redirects: boolean,
  ) {}

  async put(sourcePath: string, info: { fileName: string; contentType: string }): Promise<StoredFileMeta> {
    return metaOf(await this.bucket.putFile(sourcePath, info));
  }

  async open(fileId: string): Promise<StoredResult | undefined> {
    const stored = await this.bucket.head(fileId);
    if (!stored) return undefined;
    const bucket = this.bucket;
    return {
      meta: metaOf(stored),
      size: stored.size,
      // The interface answers a stream at once; the bucket's answer is piped in when it comes.
      createReadStream(range?: ByteRange): Readable {
        const byteRange = range ? `bytes=${range.start}-${range.end}` : undefined;
        return streamWhenReady(bucket.open(fileId, byteRange).then((opened) => opened?.body));
      },
      ...(this.redirects ? { signedUrl: () => bucket.signedUrl(stored) } : {}),
    };
  }

  delete(fileId: string): Promise<void> {
    return this.bucket.delete(fileId);
  }

  sweep(now?: number): Promise<number> {
    return this.bucket.sweep(now);
  }
}
