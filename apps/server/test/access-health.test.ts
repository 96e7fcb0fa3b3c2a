// Health of the operator's sessions and routes under the real server: with a pool of a
// rate-limited and a good session, and a dead and a live proxy, every download completes (each
// failure the site blames on the session or route quarantines it and the download runs again
// with another pair), the blamed ones are not used again, and a not-found link quarantines nothing.
import type { DownloadTask } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopServer, type ServerRun } from './foundation-server';
import { runOperatorServer } from './support/operator-server';
import {
  expectPoolsHealed,
  routeSecret,
  startAccessPoolSite,
  type AccessPoolSite,
} from './support/access-pool-site';
import { downloadOverHttp } from './support/task-over-http';

let pools: AccessPoolSite;
let server: ServerRun | undefined;
const metricsToken = 'metrics-token-3f9a0c2e';

beforeAll(async () => {
  pools = await startAccessPoolSite();
  server = await runOperatorServer({
    ...pools.env,
    METRICS_TOKEN: metricsToken,
  });
}, 120_000);

afterAll(async () => {
  await stopServer(server);
  await pools?.close();
});

const download = (pathname = '/watch.html'): Promise<DownloadTask> =>
  downloadOverHttp(server?.url ?? '', 'vimeo', pools.site.url(pathname));

describe('session and route health', () => {
  it('four downloads complete through the good session and the live proxy; the bad ones rest', async () => {
    expect(server?.url, server?.stderr()).toBeDefined();
    await expectPoolsHealed(pools, server?.url ?? '', () => download());
  }, 240_000);

  it('/metrics answers the scraper with its token only: downloads, sessions, routes, durations, queue', async () => {
    expect((await fetch(`${server?.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${server?.url}/metrics`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    const answer = await fetch(`${server?.url}/metrics`, {
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await answer.text();
    expect(text).toMatch(/^grabbit_downloads_total\{platform="vimeo",outcome="completed"\} 4$/m);
    expect(text).toMatch(/^grabbit_access_sessions\{platform="vimeo",state="quarantined"\} 1$/m);
    expect(text).toMatch(/^grabbit_access_routes\{platform="vimeo",state="healthy"\} 1$/m);
    expect(text).toMatch(
      /^grabbit_download_duration_seconds_count\{platform="vimeo",outcome="completed"\} 4$/m,
    );
    expect(text).toMatch(/^grabbit_queue_depth 0$/m);
    expect(text).not.toContain(routeSecret);
  });

  it('a not-found link quarantines nothing and is not tried again', async () => {
    const before = pools.site.requests.length;
    const task = await download('/missing.html');
    expect(task.errorCode).toBe('MEDIA_NOT_FOUND');
    expect(pools.site.requests.length - before).toBe(1);
    // The good session and the live route still serve the next download.
    expect((await download()).status).toBe('completed');
    expect(pools.site.requests.at(-1)).toEqual({ path: '/media.mp4', sid: 'good-session' });
  }, 120_000);
});
