// Cloud storage for one app: keeps our own results in the bucket under unguessable file keys (one
// copy per owner and result), applies the retention rules, limits and each client's daily quota,
// and builds public or signed links that name a link id, never the file key. Knows nothing about HTTP.
import { apiPath, apiRoutes, type CloudFileLink, type CloudStatusResponse } from '@grabbit/contracts';
import type { Config } from '../config/env';
import { downloadFailures } from '../download/failures';
import { AppError } from '../core/app-error';
import type { ResultStore, StoredResult } from '../storage/result-store';
import type { ClientQuota } from './client-quota';
import type { CloudObjectMeta, CloudStore } from './cloud-store';
import { displayName, newFileKey } from './file-keys';
import { tooLarge } from './disk-cloud-store';
import type { LinkSigner, LinkCheck } from './signed-links';

export const defaultRetentionHours = 24;

export interface KeepOptions {
  customKey?: string;
  makePublic: boolean;
  retentionHours?: number;
}

/** Who keeps a file: the client's identity (hashed address or API key), for its quota and copies. */
export interface KeepRequest extends KeepOptions {
  owner: string;
}

export interface KeptFile {
  meta: CloudObjectMeta;
  retentionHours: number;
}

export const cloudFailures = {
  notFound: () =>
    new AppError('CLOUD_FILE_NOT_FOUND', 'This file is not in cloud storage. It may have expired.'),
  full: () => new AppError('CLOUD_STORAGE_FULL', 'Cloud storage is full. Please try again later.'),
};

export class CloudService {
  /** Bytes of writes under way, counted against the total limit before they land. */
  private reserved = 0;
  /** Copies being written, by file key: the same request twice at once shares one copy. */
  private readonly writing = new Map<string, Promise<KeptFile>>();
  private readonly shutdown = new AbortController();

  /** Aborted when the server shuts down: waits for a download to keep end at once. */
  get closing(): AbortSignal {
    return this.shutdown.signal;
  }

  close(): void {
    this.shutdown.abort();
  }

  constructor(
    private readonly config: Config,
    readonly store: CloudStore,
    private readonly signer: LinkSigner,
    private readonly results: ResultStore,
    private readonly quota: ClientQuota,
    readonly now: () => number,
  ) {}

  /** The requested retention (default 24 h), clamped to the operator's maximum. */
  retentionHours(requested: number | undefined): number {
    return Math.min(requested ?? defaultRetentionHours, this.config.CLOUD_MAX_RETENTION_HOURS);
  }

  /**
   * Copies one of our results (by file id) into the bucket; the result itself stays. The file key
   * is derived from the owner, the result, the link kind and the retention, so the same client
   * keeping the same result again gets the copy it already has (its key and a fresh link), never
   * a second one.
   * A new copy counts against the client's daily quota.
   */
  async keepResult(fileId: string, request: KeepRequest): Promise<KeptFile> {
    const result = await this.results.open(fileId);
    if (!result) throw downloadFailures.fileExpired();
    const retentionHours = this.retentionHours(request.retentionHours);
    const id = this.signer.derivedId(
      request.owner,
      fileId,
      String(request.makePublic),
      String(retentionHours),
    );
    const fileKey = newFileKey(request.customKey, id);
    const under = this.writing.get(fileKey);
    if (under) return under;
    const existing = await this.store.get(fileKey);
    if (existing) return { meta: existing, retentionHours };
    const copy = this.copyResult(result, fileKey, { ...request, retentionHours });
    this.writing.set(fileKey, copy);
    try {
      return await copy;
    } finally {
      this.writing.delete(fileKey);
    }
  }

  private async copyResult(
    result: StoredResult,
    fileKey: string,
    request: KeepRequest & { retentionHours: number },
  ): Promise<KeptFile> {
    if (result.size > this.config.CLOUD_MAX_FILE_BYTES) throw tooLarge();
    const usage = await this.store.usage();
    if (usage.bytes + this.reserved + result.size > this.config.CLOUD_MAX_TOTAL_BYTES)
      throw cloudFailures.full();
    await this.quota.spend(request.owner, result.size);
    const { retentionHours } = request;
    this.reserved += result.size;
    try {
      const meta = await this.store.put(
        {
          fileKey,
          body: result.createReadStream(),
          fileName: visitorFileName(request.customKey, result.meta.fileName),
          contentType: result.meta.contentType,
          isPublic: request.makePublic,
          expiresAt: this.now() + Math.round(retentionHours * 3_600_000),
        },
        this.config.CLOUD_MAX_FILE_BYTES,
      );
      return { meta, retentionHours };
    } catch (error) {
      await this.quota.refund(request.owner, result.size);
      throw error;
    } finally {
      this.reserved -= result.size;
    }
  }

  /**
   * The link to an object: public until it expires, else signed for CLOUD_LINK_TTL_SECONDS. The
   * address names the object by a link id (signed-links.ts), never by its file key.
   */
  link(meta: CloudObjectMeta, origin: string): CloudFileLink {
    const address = `${origin}${apiPath(apiRoutes.cloudFile, { linkId: this.signer.linkId(meta.fileKey) })}`;
    const linkEnd = meta.isPublic
      ? meta.expiresAt
      : Math.min(meta.expiresAt, this.now() + this.config.CLOUD_LINK_TTL_SECONDS * 1000);
    const expires = Math.floor(linkEnd / 1000);
    const downloadUrl = meta.isPublic
      ? address
      : `${address}?expires=${expires}&signature=${this.signer.sign(meta.fileKey, expires)}`;
    return {
      fileKey: meta.fileKey,
      downloadUrl,
      isPublic: meta.isPublic,
      fileName: meta.fileName,
      size: meta.size,
      expiresAt: new Date(meta.expiresAt).toISOString(),
      linkExpiresAt: new Date(meta.isPublic ? meta.expiresAt : expires * 1000).toISOString(),
    };
  }

  /** Whether a request for the object may read it (public, or a valid signature). */
  checkLink(meta: CloudObjectMeta, expires: unknown, signature: unknown): LinkCheck {
    if (meta.isPublic) return 'valid';
    return this.signer.check(meta.fileKey, expires, signature, this.now());
  }

  /** The object a link names (by its link id); a link id this server did not make names none. */
  async findByLink(linkId: string): Promise<CloudObjectMeta> {
    const fileKey = this.signer.fileKeyOf(linkId);
    if (!fileKey) throw cloudFailures.notFound();
    return this.find(fileKey);
  }

  async find(fileKey: string): Promise<CloudObjectMeta> {
    const meta = await this.store.get(fileKey);
    if (!meta) throw cloudFailures.notFound();
    return meta;
  }

  async delete(fileKey: string): Promise<void> {
    // An expired object counts as gone, as the links already say.
    if (!(await this.store.get(fileKey)) || !(await this.store.delete(fileKey)))
      throw cloudFailures.notFound();
  }

  async status(): Promise<Omit<CloudStatusResponse, 'file'>> {
    const usage = await this.store.usage();
    return {
      success: true,
      enabled: true,
      provider: this.store.provider,
      limits: {
        maxFileBytes: this.config.CLOUD_MAX_FILE_BYTES,
        maxRetentionHours: this.config.CLOUD_MAX_RETENTION_HOURS,
        defaultRetentionHours: Math.min(defaultRetentionHours, this.config.CLOUD_MAX_RETENTION_HOURS),
        linkTtlSeconds: this.config.CLOUD_LINK_TTL_SECONDS,
      },
      usage: { ...usage, maxBytes: this.config.CLOUD_MAX_TOTAL_BYTES },
    };
  }
}

/** The visitor's name (sanitised) plus the result's extension, else the result's own name. */
function visitorFileName(customKey: string | undefined, resultName: string): string {
  const name = displayName(customKey ?? '');
  if (!name) return resultName;
  const extension = /\.[A-Za-z0-9]{1,5}$/.exec(resultName)?.[0] ?? '';
  return extension && !name.toLowerCase().endsWith(extension.toLowerCase()) ? `${name}${extension}` : name;
}
