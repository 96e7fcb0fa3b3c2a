// Link previews on a public server: one client holds at most its share of the server's preview
// reads, so eight previews of a page that never answers leave another client's preview served
// (not 503 BUSY); the client's own extra previews are told to wait (429), and a read that waits on
// the site is cut at PREVIEW_TIMEOUT_SECONDS with 504 DOWNLOAD_TIMEOUT. Real yt-dlp; each client
// calls from its own loopback address.
import { apiPath, apiRoutes } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from './support/fixture-site';
import { postJson, startPublicServer, type Answer } from './support/public-server';
import type { TestApp } from './support/test-app';
import { until } from './support/until';

let site: FixtureSite;
let test: TestApp;
const timeoutSeconds = 4;

beforeAll(async () => {
  site = await startFixtureSite();
  test = await startPublicServer(
    { MEDIA_TEST_HOSTS: site.host, PREVIEW_TIMEOUT_SECONDS: String(timeoutSeconds) },
    { prefix: 'grabbit-previews-' },
  );
}, 120_000);
afterAll(async () => {
  await test?.close();
  await site?.close();
});

const preview = (pathname: string, from: string) =>
  postJson(
    test.origin,
    apiPath(apiRoutes.downloadInfo, { platform: 'youtube' }),
    { url: site.url(pathname) },
    from,
  );

/** Distinct never-answering pages the site has been asked for so far. */
const hangsAsked = () => new Set(site.requests.filter((r) => r.startsWith('GET /hang?'))).size;

describe('preview shares', () => {
  it("one client's eight hanging previews leave another client served", async () => {
    const hog: Answer[] = [];
    const pending = Array.from({ length: 8 }, (_, i) =>
      preview(`/hang?n=${i}`, '127.0.0.2').then((answer) => void hog.push(answer)),
    );
    // Every one of the eight is either reading the site or already refused.
    await until(() => hangsAsked() + hog.length >= 8, 'the eight previews under way', 30_000);

    const other = await preview('/one.html', '127.0.0.3');
    expect(other.status, other.body.toString()).toBe(200);
    expect(other.json()).toMatchObject({ success: true });

    await Promise.all(pending);
    // Two read the site until the time limit cut them; the other six were told to wait.
    const refused = hog.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(6);
    for (const answer of refused) expect(answer.json()).toMatchObject({ code: 'TOO_MANY_ACTIVE_JOBS' });
    expect(hog.filter((answer) => answer.status === 504)).toHaveLength(2);
  }, 60_000);

  it('a preview waiting on the site is cut at the time limit with a clear code', async () => {
    const started = Date.now();
    const answer = await preview('/hang?n=slow', '127.0.0.4');
    expect(answer.status).toBe(504);
    expect(answer.json()).toMatchObject({ code: 'DOWNLOAD_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(timeoutSeconds * 1000 + 15_000);
  }, 60_000);
});
