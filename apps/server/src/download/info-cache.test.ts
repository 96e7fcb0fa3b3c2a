import { describe, expect, it } from 'vitest';
import { InfoCache } from './info-cache';
import type { FullInfo } from './media-info';

const later = <T>(value: T, ms = 20) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('info cache', () => {
  it('reads a link once for concurrent and later asks, and keeps its JSON for yt-dlp', async () => {
    const cache = new InfoCache();
    let reads = 0;
    const read = () => {
      reads += 1;
      return later<FullInfo>({ title: 'clip' });
    };
    const [a, b] = await Promise.all([cache.get('youtube', 'u', read), cache.get('youtube', 'u', read)]);
    expect(a.info.title).toBe('clip');
    expect(b.json).toBe('{"title":"clip"}');
    await cache.get('youtube', 'u', read);
    expect(reads).toBe(1);
    await cache.get('vimeo', 'u', read);
    expect(reads).toBe(2);
  });

  it('does not keep failures', async () => {
    const cache = new InfoCache();
    await expect(cache.get('youtube', 'u', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect((await cache.get('youtube', 'u', () => later({ title: 'ok' }))).info.title).toBe('ok');
  });

  it('refuses reads beyond the limit with BUSY', async () => {
    const cache = new InfoCache({ maxReads: 2 });
    const slow = () => later<FullInfo>({}, 50);
    const first = [cache.get('youtube', '1', slow), cache.get('youtube', '2', slow)];
    await expect(cache.get('youtube', '3', slow)).rejects.toMatchObject({ code: 'BUSY', statusCode: 503 });
    await Promise.all(first);
    await expect(cache.get('youtube', '3', slow)).resolves.toBeDefined();
  });

  it('expires entries after their time', async () => {
    const cache = new InfoCache({ ttlMs: 10 });
    let reads = 0;
    const read = () => {
      reads += 1;
      return Promise.resolve<FullInfo>({});
    };
    await cache.get('youtube', 'u', read);
    await later(null, 30);
    await cache.get('youtube', 'u', read);
    expect(reads).toBe(2);
  });
});

describe('info cache shares', () => {
  it('lets one client hold only its share of reads, until they end; others still read', async () => {
    const cache = new InfoCache({ maxReads: 4, maxReadsPerClient: 2 });
    let finish: () => void = () => undefined;
    const hanging = new Promise<FullInfo>((resolve) => (finish = () => resolve({ title: 'late' })));
    const first = [
      cache.get('youtube', 'a', () => hanging, 'A'),
      cache.get('youtube', 'b', () => hanging, 'A'),
    ];
    await expect(cache.get('youtube', 'c', () => later({ title: 'c' }), 'A')).rejects.toMatchObject({
      code: 'TOO_MANY_ACTIVE_JOBS',
    });
    expect((await cache.get('youtube', 'd', () => later({ title: 'd' }), 'B')).info.title).toBe('d');
    finish();
    await Promise.all(first);
    expect((await cache.get('youtube', 'c', () => later({ title: 'c' }), 'A')).info.title).toBe('c');
  });
});
