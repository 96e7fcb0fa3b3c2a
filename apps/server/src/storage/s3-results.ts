// The bucket behind the result-store interface the downloader uses: finished files are streamed
// into it, read back as streams with ranges, or handed out as signed links when redirects are on.
import { PassThrough, type Readable } from 'node:stream';
import type { ByteRange, ResultStore, StoredFileMeta, StoredResult } from './result-store';
import type { S3ResultStore, StoredObject } from './s3-result-store';

function metaOf(stored: StoredObject): StoredFileMeta {
  return { ...stored, storedName: stored.fileId };
}

export class BucketResultStore implements ResultStore {
  constructor(
    private readonly bucket: S3ResultStore,
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
        const out = new PassThrough();
        bucket.open(fileId, range ? `bytes=${range.start}-${range.end}` : undefined).then(
          (opened) => {
            if (!opened) out.destroy(new Error('The result expired'));
            else opened.body.on('error', (error) => out.destroy(error)).pipe(out);
          },
          (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))),
        );
        return out;
      },
      ...(this.redirects ? { signedUrl: () => bucket.signedUrl(stored) } : {}),
    };
  }

  sweep(now?: number): Promise<number> {
    return this.bucket.sweep(now);
  }
}
