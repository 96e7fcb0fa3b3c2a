// The rules of resumable uploads behind the tus edge (routes/uploads.ts), with no HTTP in them: a
// client creates uploads within its bounds (how many unconverted, how many declared bytes), appends
// chunks at the upload's offset while the disk has room, and removes its own. Every call acts on
// the one public id it is given, and only for the client that created the upload.
import { randomBytes, randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { Upload } from '@tus/utils';
import { AppError } from '../core/app-error';
import {
  isFinished,
  keptUntil,
  ownedUpload,
  ownerKey,
  type OwnedUpload,
  type ResumableUploads,
} from './resumable-uploads';
import { UploadConflict } from './upload-conflict';
import { UploadLocks } from './upload-locks';
import { fileTooLarge, uploadBuffer, type SizeLimit } from './upload-size';

export interface UploadBounds {
  /** Uploads one client may hold until converted, removed or expired. */
  maxOpenPerClient: number;
  /** Declared bytes of one client's unconverted uploads together. */
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
  new AppError('UPLOADS_OPEN_LIMIT', `${text} Convert or remove one of your uploads first.`);

/**
 * How long a writer's claim on an upload lasts unless renewed: a process that stops mid-chunk
 * holds the upload no longer than this. Renewed at a third of it while the chunk arrives.
 */
export const writerLeaseMs = 30_000;

export class ResumableUploadService {
  /** One writer per upload in this process: a newer chunk stops an older one here. */
  private readonly locks = new UploadLocks();

  constructor(
    readonly uploads: ResumableUploads,
    private readonly bounds: UploadBounds,
  ) {}

  /** The largest upload, in bytes (tus Tus-Max-Size). */
  maxSize(): number {
    return this.bounds.limit().bytes;
  }

  /** A new upload of `length` bytes for `clientId`; answers it with its public id. */
  async create(
    clientId: string,
    length: number,
    metadata: Record<string, string | null>,
  ): Promise<OwnedUpload & { id: string }> {
    const limit = this.bounds.limit();
    if (length > limit.bytes) throw fileTooLarge(limit.text);
    // Nothing to convert, and it would be finished (no longer open) at once.
    if (length === 0)
      throw new AppError('UPLOAD_EMPTY', 'An upload needs at least one byte: Upload-Length must be above 0.');
    const id = randomBytes(16).toString('hex');
    const created = Date.now();
    const { maxOpenPerClient, maxOpenBytesPerClient } = this.bounds;
    // Counted and checked in one step, in every API process alike: two creations at once cannot
    // both pass the bounds, and no stored upload is read.
    const refused = await this.uploads.ledger.open(
      { id, owner: clientId, bytes: length, expiresAt: created + this.uploads.ttlMs },
      { count: maxOpenPerClient, bytes: maxOpenBytesPerClient },
    );
    if (refused === 'count')
      throw openLimit(`You already have ${maxOpenPerClient} uploads waiting to be converted.`);
    if (refused === 'bytes')
      throw openLimit(`Your unconverted uploads would hold more than ${maxOpenBytesPerClient} bytes.`);
    const upload = new Upload({
      id: this.uploads.storeId(id),
      size: length,
      offset: 0,
      // The owner is set last: a client cannot name another one in its own metadata.
      metadata: { ...metadata, [ownerKey]: clientId },
      creation_date: new Date(created).toISOString(),
    });
    try {
      await this.uploads.store.create(upload);
    } catch (error) {
      await this.uploads.ledger.close(id);
      throw error;
    }
    return { id, upload, expiresAt: new Date(created + this.uploads.ttlMs) };
  }

  /**
   * The upload of `clientId` (UPLOAD_NOT_FOUND for anyone else, UPLOAD_EXPIRED past its time). A
   * chunk still being written (its client gone quiet) is stopped first, so the offset told is
   * where the next chunk must start.
   */
  async status(id: string, clientId: string): Promise<OwnedUpload> {
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
  async append(id: string, clientId: string, chunk: Chunk): Promise<OwnedUpload> {
    await ownedUpload(this.uploads, id, clientId);
    await this.bounds.checkDisk();
    const storeId = this.uploads.storeId(id);
    const pass = new PassThrough({ highWaterMark: uploadBuffer });
    let stopped = false;
    const stop = () => {
      stopped = true;
      chunk.body.unpipe(pass);
      if (!pass.writableEnded) pass.end();
    };
    const release = await this.locks.acquire(storeId, stop);
    const onClose = () => {
      if (!chunk.body.readableEnded) stop();
    };
    const writer = await this.claimWriter(id, stop).catch((error: unknown) => {
      release();
      throw error;
    });
    try {
      const upload = await this.uploads.store.getUpload(storeId);
      if (upload.offset !== chunk.offset)
        throw new UploadConflict(
          'UPLOAD_OFFSET_MISMATCH',
          `This upload stands at byte ${upload.offset}, not ${chunk.offset}: resume from there.`,
          upload.offset,
        );
      if (upload.size !== undefined && upload.offset + chunk.bytes > upload.size)
        throw new AppError('CHUNK_TOO_LARGE', `This chunk runs past the upload's ${upload.size} bytes.`);
      chunk.body.once('error', stop);
      chunk.body.once('close', onClose);
      chunk.body.pipe(pass);
      // Gone while this chunk waited for the upload: nothing more will come.
      if (chunk.body.destroyed) stop();
      upload.offset = await this.uploads.store.write(pass, storeId, upload.offset).catch(async (error) => {
        // Stopped for a newer chunk (or its client gone), the write may end in a store error:
        // what reached the store stands, and this chunk answers the offset it reached.
        if (!stopped) throw error;
        return (await this.uploads.store.getUpload(storeId)).offset;
      });
      return { upload, expiresAt: await this.afterWrite(id, upload) };
    } finally {
      chunk.body.off('error', stop);
      chunk.body.off('close', onClose);
      await writer.release();
      release();
    }
  }

  /**
   * Makes this request the upload's one writer across every API process, or refuses it (409
   * UPLOAD_IN_USE with the offset stored so far) while a chunk in another process is written. The
   * claim is renewed while the chunk arrives; lost (this process stalled past its lease), the
   * chunk stops with what it has.
   */
  private async claimWriter(id: string, stop: () => void): Promise<{ release(): Promise<void> }> {
    const { ledger } = this.uploads;
    const holder = randomUUID();
    if (!(await ledger.claim(id, holder, writerLeaseMs))) {
      const upload = await this.uploads.store.getUpload(this.uploads.storeId(id));
      throw new UploadConflict(
        'UPLOAD_IN_USE',
        `Another chunk of this upload is being written: resume from byte ${upload.offset} once it ends.`,
        upload.offset,
      );
    }
    const renewal = setInterval(() => {
      void ledger
        .renew(id, holder, writerLeaseMs)
        .catch(() => false)
        .then((held) => held || stop());
    }, writerLeaseMs / 3);
    renewal.unref();
    return {
      async release() {
        clearInterval(renewal);
        await ledger.release(id, holder).catch(() => undefined);
      },
    };
  }

  /**
   * When the upload expires after a write. Finished, it still counts toward its client's bounds
   * until converted, removed or expired, and it expires sooner: nobody converting it, it would
   * otherwise hold its bytes for the whole time to live.
   */
  private async afterWrite(id: string, upload: Upload): Promise<Date> {
    const latest = keptUntil(upload, this.uploads.ttlMs);
    if (!isFinished(upload)) return new Date(latest);
    const expiresAt = Math.min(latest, Date.now() + this.uploads.finishedTtlMs);
    await this.uploads.ledger.expire(id, expiresAt);
    return new Date(expiresAt);
  }

  /**
   * Removes the upload of `clientId` (stopping a chunk still being written into it), expired or
   * not: its owner need not wait for the sweep.
   */
  async remove(id: string, clientId: string): Promise<void> {
    await ownedUpload(this.uploads, id, clientId, true);
    const release = await this.locks.acquire(this.uploads.storeId(id), () => undefined);
    try {
      await this.uploads.forget(id);
    } finally {
      release();
    }
  }
}
