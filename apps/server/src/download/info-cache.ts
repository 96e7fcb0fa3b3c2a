// A link's info JSON, kept a few minutes so a preview followed by a download (or a second
// preview) runs yt-dlp's extraction once. Bounded by entries and bytes; concurrent asks for the
// same link share one yt-dlp run; failures are not kept. Visitors start these reads by pasting a
// link, so only so many run at once: more are refused with BUSY rather than queued. One client
// holds at most its share of those reads (preview-shares.ts: counted across API nodes in scaled
// mode), so a client pasting links that never answer cannot leave others with BUSY.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { AppError } from '../core/app-error';
import type { FullInfo } from './media-info';
import { MemoryPreviewShares } from './memory-preview-shares';
import type { PreviewShares } from './preview-shares';

export interface CachedInfo {
  info: FullInfo;
  /** The JSON text, written into a job folder for `--load-info-json`. */
  json: string;
}

export interface InfoCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  /** yt-dlp reads running at once. */
  maxReads?: number;
  /** Reads one client may have running at once. */
  maxReadsPerClient?: number;
  /** Where a client's running reads are counted (this process's memory unless given). */
  shares?: PreviewShares;
}

type Reader = () => Promise<FullInfo>;
interface ReadRequest {
  read: Reader;
  /** Who asks (the hashed client); a read nobody in particular asked for has no share. */
  client?: string;
}

const tooManyReads = (share: number) =>
  new AppError(
    'TOO_MANY_ACTIVE_JOBS',
    `You already have ${share} link previews loading. Please wait for one to finish.`,
  );

export class InfoCache {
  private readonly entries: LRUCache<string, CachedInfo, ReadRequest>;
  /** Thumbnail id to its address, so the page asks our API for the picture by id. */
  private readonly thumbnails = new LRUCache<string, string>({ max: 5000, ttl: 3_600_000 });
  private reading = 0;

  constructor(options: InfoCacheOptions = {}) {
    const share = options.maxReadsPerClient ?? Infinity;
    const shares = options.shares ?? new MemoryPreviewShares();
    this.entries = new LRUCache<string, CachedInfo, ReadRequest>({
      max: options.maxEntries ?? 500,
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      sizeCalculation: (entry) => Math.max(1, entry.json.length),
      ttl: options.ttlMs ?? 5 * 60_000,
      fetchMethod: async (_key, _stale, { context }) => {
        const { client } = context;
        if (this.reading >= (options.maxReads ?? 8))
          throw new AppError('BUSY', 'The server is busy. Please try again in a few minutes.');
        this.reading += 1;
        try {
          const token = client === undefined ? undefined : await shares.take(client, share);
          if (client !== undefined && token === undefined) throw tooManyReads(share);
          try {
            const info = await context.read();
            return { info, json: JSON.stringify(info) };
          } finally {
            if (client !== undefined && token !== undefined) await shares.give(client, token);
          }
        } finally {
          this.reading -= 1;
        }
      },
    });
  }

  private static key(platformId: string, url: string): string {
    return `${platformId} ${url}`;
  }

  /** The cached info of a link, or `read` run once (shared by everyone asking meanwhile). */
  async get(platformId: string, url: string, read: Reader, client?: string): Promise<CachedInfo> {
    const context: ReadRequest = client === undefined ? { read } : { read, client };
    const entry = await this.entries.fetch(InfoCache.key(platformId, url), { context });
    if (!entry) throw new Error('The info cache answered nothing');
    return entry;
  }

  /** A link's cached info JSON, when it is cached. */
  json(platformId: string, url: string): string | undefined {
    return this.entries.get(InfoCache.key(platformId, url))?.json;
  }

  /** A stable id for a thumbnail address, remembered for the thumbnail route. */
  thumbnailId(url: string): string {
    const id = createHash('sha256').update(url).digest('base64url').slice(0, 22);
    this.thumbnails.set(id, url);
    return id;
  }

  thumbnailUrl(id: string): string | undefined {
    return this.thumbnails.get(id);
  }
}
