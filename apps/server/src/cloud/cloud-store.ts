// The cloud-storage "bucket" behind one small interface: the embedded mode keeps objects in a local
// folder (disk-cloud-store.ts); an S3-compatible store can take its place (put = PutObject with the
// metadata as object metadata, open = an object whose signedUrl() is a presigned GetObject, sweep =
// a lifecycle rule plus a listing) without the routes knowing which one runs.
import type { Readable } from 'node:stream';
import type { StoredResult } from '../storage/result-store';

export interface CloudObjectMeta {
  fileKey: string;
  /** The visitor-facing name (Content-Disposition). */
  fileName: string;
  contentType: string;
  size: number;
  isPublic: boolean;
  createdAt: number;
  /** The object is gone from this moment on (checked on every read, swept on a timer). */
  expiresAt: number;
}

export interface CloudPutInput {
  fileKey: string;
  body: Readable;
  fileName: string;
  contentType: string;
  isPublic: boolean;
  expiresAt: number;
}

export interface CloudUsage {
  objects: number;
  bytes: number;
}

export interface CloudStore {
  readonly provider: 'local' | 's3';
  /** Stores the body under a new key; refuses (and keeps nothing) past maxBytes. */
  put(input: CloudPutInput, maxBytes: number): Promise<CloudObjectMeta>;
  /** The object's metadata, or undefined when missing or expired. */
  get(fileKey: string): Promise<CloudObjectMeta | undefined>;
  /** The object's bytes, as results are read: streamed by range, or a signed link (S3). */
  open(meta: CloudObjectMeta): Promise<StoredResult | undefined>;
  /** True when an object was deleted. */
  delete(fileKey: string): Promise<boolean>;
  usage(): Promise<CloudUsage>;
  /** Deletes expired objects and unfinished writes; returns how many. */
  sweep(): Promise<number>;
}
