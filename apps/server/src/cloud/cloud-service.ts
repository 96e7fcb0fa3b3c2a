// Cloud storage for one app: keeps our own results in the bucket under fresh file keys, applies
// the retention rules and limits, and builds public or signed links. Knows nothing about HTTP.
import { apiPath, apiRoutes, type CloudFileLink, type CloudStatusResponse } from '@grabbit/contracts';
import type { Config } from '../config/env';
import { downloadFailures } from '../download/failures';
import { AppError } from '../core/app-error';
import type { ResultStore } from '../storage/result-store';
import type { CloudObjectMeta, CloudStore } from './cloud-store';
import { displayName, newFileKey } from './file-keys';
import { tooLarge } from './local-cloud-store';
import type { LinkSigner, LinkCheck } from './signed-links';

export const defaultRetentionHours = 24;

export interface KeepOptions {
  customKey?: string;
  makePublic: boolean;
  retentionHours?: number;
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
    readonly now: () => number,
  ) {}

  /** The requested retention (default 24 h), clamped to the operator's maximum. */
  retentionHours(requested: number | undefined): number {
    return Math.min(requested ?? defaultRetentionHours, this.config.CLOUD_MAX_RETENTION_HOURS);
  }

  /** Copies one of our results (by file id) into the bucket; the result itself stays. */
  async keepResult(fileId: string, options: KeepOptions): Promise<KeptFile> {
    const result = await this.results.open(fileId);
    if (!result) throw downloadFailures.fileExpired();
    if (result.size > this.config.CLOUD_MAX_FILE_BYTES) throw tooLarge();
    const usage = await this.store.usage();
    if (usage.bytes + this.reserved + result.size > this.config.CLOUD_MAX_TOTAL_BYTES)
      throw cloudFailures.full();
    const retentionHours = this.retentionHours(options.retentionHours);
    this.reserved += result.size;
    try {
      const meta = await this.store.put(
        {
          fileKey: newFileKey(options.customKey),
          body: result.createReadStream(),
          fileName: visitorFileName(options.customKey, result.meta.fileName),
          contentType: result.meta.contentType,
          isPublic: options.makePublic,
          expiresAt: this.now() + Math.round(retentionHours * 3_600_000),
        },
        this.config.CLOUD_MAX_FILE_BYTES,
      );
      return { meta, retentionHours };
    } finally {
      this.reserved -= result.size;
    }
  }

  /** The link to an object: public until it expires, else signed for CLOUD_LINK_TTL_SECONDS. */
  link(meta: CloudObjectMeta, origin: string): CloudFileLink {
    const address = `${origin}${apiPath(apiRoutes.cloudFile, { fileKey: meta.fileKey })}`;
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
