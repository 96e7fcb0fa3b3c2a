// Where finished files wait for their owner: on disk (disk-result-store.ts) or in the bucket
// (bucket-result-store.ts), behind one interface (one contract suite for both).
import type { Readable } from 'node:stream';

export interface StoredFileMeta {
  fileId: string;
  /** The name visitors get (sanitised title plus extension). */
  fileName: string;
  /** Name of the file inside the result folder. */
  storedName: string;
  contentType: string;
  size: number;
  createdAt: number;
  expiresAt: number;
}

/** Inclusive byte range, as HTTP ranges count. */
export interface ByteRange {
  start: number;
  end: number;
}

/** An opened result: streamed whole or by range, wherever it is kept. */
export interface StoredResult {
  meta: StoredFileMeta;
  size: number;
  createReadStream(range?: ByteRange): Readable;
  /** A time-limited link to the file, for stores that can hand one out (S3); local disk cannot. */
  signedUrl?(): Promise<string>;
}

export interface ResultStore {
  /** Moves a finished file into the store; the source is consumed. */
  put(sourcePath: string, info: { fileName: string; contentType: string }): Promise<StoredFileMeta>;
  /** The stored result, or undefined when missing or expired. */
  open(fileId: string): Promise<StoredResult | undefined>;
  /** Deletes one result now (a malformed or unknown id is ignored). */
  delete(fileId: string): Promise<void>;
  /** Deletes expired results and folders without readable metadata; returns how many. */
  sweep(now?: number): Promise<number>;
}
