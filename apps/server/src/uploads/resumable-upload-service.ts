// The rules of resumable uploads behind the tus edge (routes/uploads.ts), with no HTTP in them: a
// client creates uploads within its bounds (how many unfinished, how many declared bytes), appends
// chunks at the upload's offset while the disk has room, and removes its own. Every call acts on
// the one public id it is given, and only for the client that created the upload.
import { randomBytes } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { Upload } from '@tus/utils';
import { AppError } from '../core/app-error';
import { openUploadsOf, ownedUpload, ownerKey, type ResumableUploads } from './resumable-uploads';
import { UploadLocks } from './upload-locks';
import { fileTooLarge, uploadBuffer, type SizeLimit } from './upload-size';

export interface UploadBounds {
  /** Unfinished uploads one client may hold. */
  maxOpenPerClient: number;
  /** Declared bytes of one client's unfinished uploads together. */
  maxOpenBytesPerClient: number;
  /** The largest upload. */
  limit: () => SizeLimit;
  /** Refuses (DISK_FULL) when the disk is short of room for more bytes. */
  checkDisk: () => Promise<void>;
}

/** A chunk as it arrives: where the client says it starts, its length and its bytes. */
export interface Chunk {
  offset: number;
  bytes: number;
  body: Readable;
}

const openLimit = (text: string) =>
  new AppError('UPLOADS_OPEN_LIMIT', `${text} Finish or remove one of your uploads first.`);

export class ResumableUploadService {
  private readonly locks = new UploadLocks();
  /** Creations of one client run one after the other, so two at once cannot both pass the bounds. */
  private readonly creating = new Map<string, Promise<unknown>>();

  constructor(
    readonly uploads: ResumableUploads,
    private readonly bounds: UploadBounds,
  ) {}

  /** The largest upload, in bytes (tus Tus-Max-Size). */
  maxSize(): number {
    return this.bounds.limit().bytes;
  }

  /** A new upload of `length` bytes for `clientId`; answers it with its public id. */
  async create(clientId: string, length: number, metadata: Record<string, string | null>) {
    const limit = this.bounds.limit();
    if (length > limit.bytes) throw fileTooLarge(limit.text);
    return this.oneAtATime(clientId, async () => {
      const open = await openUploadsOf(this.uploads, clientId);
      const { maxOpenPerClient, maxOpenBytesPerClient } = this.bounds;
      if (open.count >= maxOpenPerClient)
        throw openLimit(`You already have ${maxOpenPerClient} unfinished uploads.`);
      if (open.bytes + length > maxOpenBytesPerClient)
        throw openLimit(`Your unfinished uploads would hold more than ${maxOpenBytesPerClient} bytes.`);
      const id = randomBytes(16).toString('hex');
      const upload = new Upload({
        id: this.uploads.storeId(id),
        size: length,
        offset: 0,
        // The owner is set last: a client cannot name another one in its own metadata.
        metadata: { ...metadata, [ownerKey]: clientId },
        creation_date: new Date().toISOString(),
      });
      await this.uploads.store.create(upload);
      return { id, upload };
    });
  }

  /**
   * The upload of `clientId` (UPLOAD_NOT_FOUND for anyone else, UPLOAD_EXPIRED past its time). A
   * chunk still being written (its client gone quiet) is stopped first, so the offset told is
   * where the next chunk must start.
   */
  async status(id: string, clientId: string): Promise<Upload> {
    // The owner first: nobody else's request may stop a chunk of this upload.
    await ownedUpload(this.uploads, id, clientId);
    const release = await this.locks.acquire(this.uploads.storeId(id), () => undefined);
    try {
      return await ownedUpload(this.uploads, id, clientId);
    } finally {
      release();
    }
  }

  /**
   * Appends a chunk; answers the upload with its new offset. Refused before a byte is stored when
   * the disk is short, the offset is not the upload's, or the chunk runs past the declared length.
   * A chunk cut short keeps what arrived (the client resumes from there).
   */
  async append(id: string, clientId: string, chunk: Chunk): Promise<Upload> {
    await ownedUpload(this.uploads, id, clientId);
    await this.bounds.checkDisk();
    const storeId = this.uploads.storeId(id);
    const pass = new PassThrough({ highWaterMark: uploadBuffer });
    const stop = () => {
      chunk.body.unpipe(pass);
      if (!pass.writableEnded) pass.end();
    };
    const release = await this.locks.acquire(storeId, stop);
    const onClose = () => {
      if (!chunk.body.readableEnded) stop();
    };
    try {
      const upload = await this.uploads.store.getUpload(storeId);
      if (upload.offset !== chunk.offset)
        throw new AppError(
          'UPLOAD_OFFSET_MISMATCH',
          `This upload stands at byte ${upload.offset}, not ${chunk.offset}: resume from there.`,
        );
      if (upload.size !== undefined && upload.offset + chunk.bytes > upload.size)
        throw new AppError('CHUNK_TOO_LARGE', `This chunk runs past the upload's ${upload.size} bytes.`);
      chunk.body.once('error', stop);
      chunk.body.once('close', onClose);
      chunk.body.pipe(pass);
      // Gone while this chunk waited for the upload: nothing more will come.
      if (chunk.body.destroyed) stop();
      upload.offset = await this.uploads.store.write(pass, storeId, upload.offset);
      return upload;
    } finally {
      chunk.body.off('error', stop);
      chunk.body.off('close', onClose);
      release();
    }
  }

  /** Removes the upload of `clientId` (stopping a chunk still being written into it). */
  async remove(id: string, clientId: string): Promise<void> {
    await ownedUpload(this.uploads, id, clientId);
    const release = await this.locks.acquire(this.uploads.storeId(id), () => undefined);
    try {
      await this.uploads.forget(id);
    } finally {
      release();
    }
  }

  private oneAtATime<T>(clientId: string, work: () => Promise<T>): Promise<T> {
    const run = (this.creating.get(clientId) ?? Promise.resolve()).then(work);
    const settled = run.catch(() => undefined);
    this.creating.set(clientId, settled);
    void settled.then(() => {
      if (this.creating.get(clientId) === settled) this.creating.delete(clientId);
    });
    return run;
  }
}
