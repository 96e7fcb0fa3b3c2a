// Short links followed before yt-dlp: the real resolver against the local fixture site over real
// HTTP. A stand-in DNS points the short-link names (fb.watch ...) at the fixture, so the catalog's
// own redirect rules are exercised; MEDIA_TEST_HOSTS decides whether a private address may be used.
import type { LookupAddress } from 'node:dns';
import { platformById, type Platform } from '@grabbit/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveLink, type ResolveOptions } from '../src/download/link-resolver';
import { AppError } from '../src/core/app-error';
import { startFixtureSite, type FixtureSite } from './support/fixture-site';

let site: FixtureSite;
let port: string;
const facebook = platformById('facebook') as Platform;

beforeAll(async () => {
  site = await startFixtureSite();
  port = site.host.split(':')[1] ?? '';
});
afterAll(async () => {
  await site?.close();
});

/** Every name resolves to the fixture's loopback address, as a hostile DNS answer could. */
const lookup: ResolveOptions['lookup'] = (_hostname, _options, callback) =>
  callback(null, [{ address: '127.0.0.1', family: 4 } satisfies LookupAddress]);

const short = (path: string, host = 'fb.watch') => `http://${host}:${port}${path}`;
const redirectTo = (target: string, extra = '') => `/redirect?to=${encodeURIComponent(target)}${extra}`;

async function failure(
  link: string,
  options: Partial<ResolveOptions> = {},
): Promise<{ code: string; message: string }> {
  try {
    await resolveLink(link, { platform: facebook, testHosts: [`fb.watch:${port}`], lookup, ...options });
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error(`${link} was resolved`);
}

describe('short links under the test switch', () => {
  it('follows a chain of redirects (HEAD refused, then GET) to the platform page, which it does not fetch', async () => {
    site.requests.length = 0;
    const page = 'https://www.facebook.com/watch/?v=42';
    const second = short(redirectTo(page, '&status=301'));
    const first = short(redirectTo(second, '&head=refuse'));
    const resolved = await resolveLink(first, {
      platform: facebook,
      testHosts: [`fb.watch:${port}`],
      lookup,
    });
    expect(resolved).toBe(page);
    expect(site.requests.map((line) => line.split(' ')[0])).toEqual(['HEAD', 'GET', 'HEAD']);
  });

  it('leaves links the extractors know alone (x.com too: yt-dlp lists it)', async () => {
    expect(
      await resolveLink('https://www.facebook.com/reel/123', { platform: facebook, testHosts: [], lookup }),
    ).toBe('https://www.facebook.com/reel/123');
    const twitter = platformById('twitter') as Platform;
    expect(await resolveLink('https://x.com/user/status/1', { platform: twitter, testHosts: [] })).toBe(
      'https://x.com/user/status/1',
    );
  });

  it('stops after 5 redirects', async () => {
    site.requests.length = 0;
    expect(await failure(short('/loop'))).toEqual({
      code: 'UNSUPPORTED_URL',
      message: 'This link redirects too many times.',
    });
    expect(site.requests).toHaveLength(6);
  });

  it('gives up after the time limit', async () => {
    expect((await failure(short('/hang'), { timeoutMs: 300 })).code).toBe('DOWNLOAD_TIMEOUT');
  });

  it('refuses a short link that leads to another platform, or to no page', async () => {
    expect(await failure(short(redirectTo('https://www.youtube.com/watch?v=abc')))).toEqual({
      code: 'UNSUPPORTED_URL',
      message: 'This link leads to a page that is not on Facebook.',
    });
    expect((await failure(short('/photo.jpg'))).message).toMatch(/did not lead to a Facebook page/);
    expect((await failure(short(redirectTo('file:///etc/passwd')))).code).toBe('URL_NOT_ALLOWED');
  });
});

describe('private addresses without the test switch', () => {
  it('refuses a short link whose name resolves to loopback', async () => {
    site.requests.length = 0;
    expect(await failure(short('/redirect'), { testHosts: [] })).toEqual({
      code: 'URL_NOT_ALLOWED',
      message: 'This link leads to a local or private network address, which is not allowed.',
    });
    expect(site.requests).toEqual([]);
  });

  it('refuses a redirect to a private address or a name the switch does not list', async () => {
    expect((await failure(short(redirectTo('http://10.0.0.7/watch/?v=1')))).code).toBe('URL_NOT_ALLOWED');
    expect((await failure(short(redirectTo(`http://127.0.0.1:${port}/a.mp4`)))).code).toBe('URL_NOT_ALLOWED');
    site.requests.length = 0;
    // Another short-link name on the same fixture: its DNS answer is loopback and it is not a test host.
    expect(await failure(short(redirectTo(short('/loop', 'www.fb.watch'))))).toMatchObject({
      code: 'URL_NOT_ALLOWED',
    });
    expect(site.requests).toHaveLength(1);
  });
});
