// A client's share of link previews holds across API processes (scaled mode, one redis-server): with
// PREVIEWS_MAX_PER_CLIENT=1, a preview reading a page that never answers through API 1 leaves the
// same client none on API 2 (429 at once, not a second read of the site). The time limit is long:
// a busy machine takes a while to start yt-dlp, and the first read must still run when API 2 asks.
import { apiPath, apiRoutes } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiProcess } from './support/scaled-processes';
import { startScaledStack, type ScaledStack } from './support/scaled-stack';
import { until } from './support/until';

let stack: ScaledStack;
let apis: [ApiProcess, ApiProcess];

beforeAll(async () => {
  stack = await startScaledStack({ PREVIEWS_MAX_PER_CLIENT: '1', PREVIEW_TIMEOUT_SECONDS: '150' });
  apis = [await stack.api('api-1'), await stack.api('api-2')];
}, 180_000);

afterAll(async () => {
  await stack?.close();
});

const preview = (api: ApiProcess, pathname: string) =>
  fetch(`${api.origin}${apiPath(apiRoutes.downloadInfo, { platform: 'youtube' })}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: stack.site.url(pathname) }),
  });

/** Requests the site has had for exactly this path and query. */
const asked = (pathname: string) =>
  stack.site.requests.filter((line) => line.endsWith(` ${pathname}`)).length;

describe("a client's previews on two API processes", () => {
  it('count together against PREVIEWS_MAX_PER_CLIENT', async () => {
    const [api1, api2] = apis;
    const hanging = preview(api1, '/hang?n=first');
    await until(() => asked('/hang?n=first') > 0, 'the first preview reading the site', 140_000);

    const refused = await preview(api2, '/hang?n=second');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'TOO_MANY_ACTIVE_JOBS' });
    expect(asked('/hang?n=second')).toBe(0);
    // The first read goes on until its time limit; the processes stop after the file.
    void hanging.catch(() => undefined);
  }, 180_000);
});
