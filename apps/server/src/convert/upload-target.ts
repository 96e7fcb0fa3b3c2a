// Where an upload's bytes go and what arrives with them: the converter's side of an upload, with
// no HTTP in it (the edge, routes/convert-upload.ts, parses the multipart form into these).
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import type { ConvertForm } from '@grabbit/contracts';
import { uploadBuffer } from '../uploads/upload-size';

/** A file the edge stored where its job reads it: its name, size and first bytes. */
export interface StoredFile {
  /** The visitor's file name, only ever used for the answer's download name. */
  originalName: string;
  bytes: number;
  /** The file's first bytes (up to `headBytes`), for content sniffing. */
  head: Buffer;
}

/**
 * A conversion request as the edge read it: the form, and the file it stored or the id of the
 * client's finished resumable upload to convert instead.
 */
export type ReceivedUpload =
  { form: ConvertForm; file: StoredFile } | { form: ConvertForm; uploadId: string };

/** Enough for every signature file-type checks, bar a few it finds by reading the whole file. */
export const headBytes = 64 * 1024;

/** Where the file's bytes go: a local file, or a bucket object (scaled mode). */
export interface UploadTarget {
  /** The stream the file is written into. */
  stream: Writable;
  /** Settles once the bytes are stored (after the stream has finished). */
  stored: Promise<unknown>;
}

/** A new local file (`wx`: never overwrites), batched writes. */
export function fileTarget(inputPath: string): UploadTarget {
  return {
    stream: createWriteStream(inputPath, { flags: 'wx', highWaterMark: uploadBuffer }),
    stored: Promise.resolve(),
  };
}
