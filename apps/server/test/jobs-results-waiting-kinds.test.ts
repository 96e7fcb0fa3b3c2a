// What counts as a result waiting for its owner, kind by kind (the rule: jobs/waiting-results.ts),
// on a server whose quota is two results so that few jobs reach it: a conversion followed as a job
// (202) counts until its file is fetched, a plain conversion answered with its file never; a
// batch's files count once until its zip is fetched; a cloud copy's download never (cloud storage
// has its own quota). Real app over HTTP, real yt-dlp and ffmpeg, each client its own loopback address.
import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import {
  apiPath,
  apiRoutes,
  convertEndpoints,
  type BatchStartResponse,
  type BatchStatus,
  type ConversionJob,
  type DownloadStartResponse,
  type DownloadTask,
} from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm } from './support/convert-app';
import { startFixtureSite, type FixtureSite } from './support/fixture-site';
import { makeVideo } from './support/media-fixtures';
import { call, postJson } from './support/public-server';
import { startTestApp, type TestApp } from './support/test-app';
import { until } from './support/until';

let site: FixtureSite;
let test: TestApp;
let clip: Buffer;

beforeAll(async () => {
  // About 256 KB served at about 64 KB/s: a direct download a visitor can leave half way.
  site = await startFixtureSite({ bigMegabytes: 0.25 });
  test = await startTestApp(
    {
      MEDIA_TEST_HOSTS: site.host,
      RESULTS_MAX_WAITING_PER_CLIENT: '2',
    },
    { listen: true, prefix: 'grabbit-waiting-kinds-' },
  );
  clip = await readFile(await makeVideo(site.dir, 'clip.mp4', { seconds: 1, width: 320, height: 240 }));
}, 120_000);
afterAll(async () => {
  await test?.close();
  await site?.close();
});

const post = (client: string, pathname: string, body: unknown) =>
  postJson(test.origin, pathname, body, client);
const get = (client: string, pathname: string) => call(test.origin, pathname, { from: client });

/** A conversion answered with its file, or (`followsJobs`) answered 202 with its job at once. */
function convert(client: string, followsJobs: boolean) {
  const form = multipartForm({ OutputFormat: 'mkv' }, 'clip.mp4', clip);
  return call(test.origin, convertEndpoints.video, {
    method: 'POST',
    from: client,
    headers: { ...form.headers, ...(followsJobs ? { prefer: 'respond-async, wait=0' } : {}) },
    body: form.payload,
  });
}

const downloadPath = apiPath(apiRoutes.download, { platform: 'youtube' });

/** A single download of the fixture (a task), answered at once. */
const download = (client: string) => post(client, downloadPath, { url: site.url('/a.mp4'), format: 'mp4' });

/**
 * A direct download of the slow file that the client leaves while the file is still being
 * downloaded: it hangs up once yt-dlp is at the site (it asks for a link twice, to look and to
 * download; a request closed before its job started takes the job with it, job-records.ts).
 */
async function leftDirectDownload(client: string): Promise<void> {
  const before = site.timesAsked('/throttle/big.mp4');
  const body = JSON.stringify({ url: site.url('/throttle/big.mp4'), format: 'mp4', directDownload: true });
  const outgoing = httpRequest(new URL(downloadPath, test.origin), {
    method: 'POST',
    localAddress: client,
    headers: { 'content-type': 'application/json' },
    agent: false,
  });
  outgoing.on('error', () => undefined);
  outgoing.end(body);
  await until(
    () => site.timesAsked('/throttle/big.mp4') > before + 1,
    'the left download at the site',
    30_000,
  );
  outgoing.destroy();
}

async function finishedJob(client: string, jobId: string): Promise<ConversionJob> {
  let job: ConversionJob | undefined;
  await until(
    async () => {
      job = (await get(client, `/api/convert/jobs/${jobId}`)).json<ConversionJob>();
      return job.status !== 'converting';
    },
    'conversion ended',
    60_000,
  );
  expect(job?.status).toBe('completed');
  return job as ConversionJob;
}

/** Starts a single download and waits until it has finished. */
async function downloaded(client: string): Promise<void> {
  const answer = await download(client);
  expect(answer.status).toBe(200);
  await finishedTask(client, answer.json<DownloadStartResponse>().taskId ?? '');
}

async function finishedTask(client: string, taskId: string): Promise<void> {
  const taskPath = apiPath(apiRoutes.downloadTask, { taskId });
  await until(
    async () => (await get(client, taskPath)).json<DownloadTask>().status === 'completed',
    'download completed',
    60_000,
  );
}

/**
 * Whether the client's next job start is refused for its waiting results. The probe is a start whose
 * link the download rules refuse once it has passed the gate: asked again and again, it starts no
 * download of its own (one that would end up counted and pass a check for the wrong reason, or
 * queue ahead of the next test's downloads).
 */
async function refusedForWaiting(client: string): Promise<boolean> {
  const answer = await post(client, downloadPath, { url: 'https://example.com/not-a-video', format: 'mp4' });
  const { code } = answer.json<{ code?: string }>();
  if (code === 'RESULTS_WAITING') return true;
  expect(answer.status, answer.body.toString()).toBe(400);
  return false;
}

describe('what counts as a result waiting for its owner', () => {
  it('a conversion followed as a job counts until fetched; one answered with its file never', async () => {
    const client = '127.0.40.1';
    const plain = await convert(client, false);
    expect(plain.status).toBe(200);
    const jobs: ConversionJob[] = [];
    for (const _ of [1, 2]) {
      const answer = await convert(client, true);
      expect(answer.status).toBe(202);
      jobs.push(await finishedJob(client, answer.json<ConversionJob>().jobId));
    }
    expect(await refusedForWaiting(client)).toBe(true);
    const file = await get(client, jobs[0]?.downloadUrl ?? '');
    expect(file.status).toBe(200);
    await until(async () => !(await refusedForWaiting(client)), 'room after the fetch', 10_000);
  }, 120_000);

  it("a batch's files count once until its zip is fetched", async () => {
    const client = '127.0.40.2';
    const started = await post(client, apiRoutes.batchStart, {
      platform: 'youtube',
      items: [site.url('/a.mp4'), site.url('/a.mp4?second')],
      outputFormat: 'mp4',
      title: 'two',
    });
    expect(started.status).toBe(200);
    const { batchId } = started.json<BatchStartResponse>();
    const statusPath = apiPath(apiRoutes.batchStatus, { batchId });
    await until(
      async () => (await get(client, statusPath)).json<BatchStatus>().status === 'completed',
      'batch completed',
      60_000,
    );
    // Two files, one result: room for one more.
    await downloaded(client);
    expect(await refusedForWaiting(client)).toBe(true);
    const zip = await post(client, apiPath(apiRoutes.batchZip, { batchId }), {});
    expect(zip.status).toBe(200);
    await until(async () => !(await refusedForWaiting(client)), 'room after the zip', 10_000);
  }, 120_000);

  it('a direct download counts only when its request closed before the file went out', async () => {
    const client = '127.0.40.4';
    for (const _ of [1, 2]) {
      const whole = await post(client, downloadPath, {
        url: site.url('/a.mp4'),
        format: 'mp4',
        directDownload: true,
      });
      expect(whole.status).toBe(200);
    }
    // Both were answered with their files: neither counts.
    expect(await refusedForWaiting(client)).toBe(false);
    await leftDirectDownload(client);
    // The file its visitor left (once its download has ended), and one more: two waiting results.
    await downloaded(client);
    await until(() => refusedForWaiting(client), 'the left file counted', 60_000);
  }, 120_000);

  it("a cloud copy's download never counts", async () => {
    const client = '127.0.40.3';
    for (const key of ['one', 'two', 'three']) {
      const kept = await post(client, apiRoutes.cloudDownloadAndUpload, {
        url: site.url(`/a.mp4?${key}`),
        format: 'mp4',
        platform: 'youtube',
      });
      expect(kept.status, kept.body.toString()).toBe(200);
    }
    expect(await refusedForWaiting(client)).toBe(false);
  }, 120_000);
});
