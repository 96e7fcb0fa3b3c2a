// Results a client leaves on the server count against its quota of waiting results: a client that
// started RESULTS_MAX_WAITING_PER_CLIENT downloads and never fetched them gets 429 RESULTS_WAITING
// on its next job start, before any work, while another client is served; fetching one frees room.
// A file answered in the request that started it (a direct download) never counts.
// A listening server at the shipped limits but a small quota (its size changes nothing here, and
// each waiting result is a download), real yt-dlp, each client its own loopback address.
import { apiPath, apiRoutes, type DownloadStartResponse, type DownloadTask } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { startFixtureSite, type FixtureSite } from './support/fixture-site';
import { call, postJson, startPublicServer, type Answer } from './support/public-server';
import type { TestApp } from './support/test-app';

const shipped = loadConfig({});
/** Above the running-job cap, so that downloads still running when it is reached add to it. */
const quota = shipped.MAX_ACTIVE_JOBS_PER_CLIENT + 2;
const runningCap = shipped.MAX_ACTIVE_JOBS_PER_CLIENT;
const visitor = '127.0.31.1';
const other = '127.0.31.2';

let site: FixtureSite;
let test: TestApp;

beforeAll(async () => {
  site = await startFixtureSite();
  test = await startPublicServer(
    {
      MEDIA_TEST_HOSTS: site.host,
      // Lifted: the shipped 10 job starts a minute would stretch the quota's worth of downloads
      // over more than a minute; the quota is small (above). The running-job cap and the API
      // budget are the shipped ones.
      RATE_LIMIT_JOBS_PER_MINUTE: '1000',
      RESULTS_MAX_WAITING_PER_CLIENT: String(quota),
    },
    { prefix: 'grabbit-waiting-' },
  );
}, 120_000);
afterAll(async () => {
  await test?.close();
  await site?.close();
});

const start = (from: string, directDownload = false) =>
  postJson(
    test.origin,
    apiPath(apiRoutes.download, { platform: 'youtube' }),
    { url: site.url('/a.mp4'), format: 'mp4', directDownload },
    from,
  );

const codeOf = (answer: Answer) => answer.json<{ code?: string }>().code;
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Starts downloads until the gate refuses for waiting results, as a visitor pressing again after a
 * moment: a start refused for running jobs waits five seconds (the shipped API budget is 60 calls a minute) and
 * tries again. The quota counts finished results, so the jobs still running when it is reached
 * (fewer than the running-job cap) may add theirs; a server without the quota ends after that.
 */
async function fillQuota(from: string): Promise<{ started: string[]; refusal: Answer }> {
  const started: string[] = [];
  for (;;) {
    const answer = await start(from);
    if (answer.status === 200) started.push(answer.json<DownloadStartResponse>().taskId ?? '');
    else if (codeOf(answer) === 'TOO_MANY_ACTIVE_JOBS') await pause(5000);
    else return { started, refusal: answer };
    if (started.length >= quota + runningCap) return { started, refusal: answer };
  }
}

/** How many finished files a RESULTS_WAITING refusal says the client has waiting. */
const waitingIn = (refusal: Answer) =>
  Number(/You have (\d+) finished files/.exec(refusal.json<{ error: string }>().error)?.[1]);

/**
 * Asks again (two seconds apart, at most 20 times) until the refusal counts `waiting` files: the
 * downloads still running add theirs, a file fetched whole stops counting just after it went out.
 */
async function refusedWith(from: string, waiting: number): Promise<void> {
  const counts: number[] = [];
  while (counts.length < 20) {
    const answer = await start(from);
    expect(answer.status, answer.body.toString()).toBe(429);
    expect(codeOf(answer)).toBe('RESULTS_WAITING');
    counts.push(waitingIn(answer));
    if (counts.at(-1) === waiting) return;
    await pause(2000);
  }
  expect(counts.at(-1), `waiting files counted: ${counts.join(', ')}`).toBe(waiting);
}

/**
 * A start once the room a fetch or a delete made counts (it does just after the answer went out):
 * asked again a moment later while still refused for waiting files, at most ten times.
 */
async function servedSoon(from: string): Promise<Answer> {
  for (let tries = 1; ; tries += 1) {
    const answer = await start(from);
    if (answer.status === 200 || tries === 10 || codeOf(answer) !== 'RESULTS_WAITING') return answer;
    await pause(500);
  }
}

/** A download's file link once it has finished (asked every two seconds). */
async function fileOf(from: string, taskId: string): Promise<string> {
  for (;;) {
    const answer = await call(test.origin, apiPath(apiRoutes.downloadTask, { taskId }), { from });
    const task = answer.json<DownloadTask>();
    expect(task.status).not.toBe('error');
    if (task.status === 'completed') return task.downloadUrl ?? '';
    await pause(2000);
  }
}

/** Fetches a finished download's file in full, as the page's save button does. */
async function fetchResult(from: string, taskId: string): Promise<void> {
  const file = await call(test.origin, await fileOf(from, taskId), { from });
  // The bucket (scaled mode) hands out a signed link to the whole file instead of the bytes.
  expect([200, 302]).toContain(file.status);
}

describe('results waiting for their owner', () => {
  it('refuses a client holding its quota of unfetched results, serves another, and frees room when one is fetched', async () => {
    // A direct download is answered with its file: it never counts.
    const direct = await start(visitor, true);
    expect(direct.status).toBe(200);
    expect(direct.body.length).toBeGreaterThan(1000);

    const { started, refusal } = await fillQuota(visitor);
    expect(refusal.status, refusal.body.toString()).toBe(429);
    expect(codeOf(refusal)).toBe('RESULTS_WAITING');
    expect(refusal.json<{ error: string }>().error).toMatch(/save or delete your finished files/);
    expect(waitingIn(refusal)).toBeGreaterThanOrEqual(quota);
    // The downloads still running when the quota was reached add their files.
    await refusedWith(visitor, started.length);

    // Another client is served meanwhile.
    const stranger = await start(other);
    expect(stranger.status).toBe(200);

    // Fetching files frees room: down to the quota it is still refused, one more and it is served.
    const over = started.length - quota;
    for (const taskId of started.slice(0, over)) await fetchResult(visitor, taskId);
    await refusedWith(visitor, quota);
    await fetchResult(visitor, started[over] ?? '');
    const next = await servedSoon(visitor);
    expect(next.status, next.body.toString()).toBe(200);

    // Once that download has finished too, deleting a file (its owner only) frees room as well.
    const link = await fileOf(visitor, next.json<DownloadStartResponse>().taskId ?? '');
    await refusedWith(visitor, quota);
    expect((await call(test.origin, link, { from: other, method: 'DELETE' })).status).toBe(404);
    expect((await call(test.origin, link, { from: visitor, method: 'DELETE' })).status).toBe(204);
    expect((await call(test.origin, link, { from: visitor })).status).toBe(404);
    const again = await servedSoon(visitor);
    expect(again.status, again.body.toString()).toBe(200);
  }, 240_000);
});
