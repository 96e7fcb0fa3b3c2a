// The running-job cap belongs to the job, not to the HTTP reply: a client's jobs that are queued
// or running count against MAX_ACTIVE_JOBS_PER_CLIENT whatever happened to the requests that
// started them. Six conversions started with `Prefer: respond-async` (each answered 202 and closed)
// or six direct downloads the client abandons (its sockets closed) never run more than the cap at
// once, another client is served meanwhile, and the slot comes back when a job ends. A client
// that leaves does not cancel its job: it goes on and its result is collected by its id.
// Real app over HTTP, real yt-dlp and ffmpeg, each client its own forwarded address.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { convertEndpoints, type ConversionJob } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm } from './support/convert-app';
import { startFixtureSite, type FixtureSite } from './support/fixture-site';
import { makeVideo } from './support/media-fixtures';
import { startTestApp, type TestApp } from './support/test-app';
import { until } from './support/until';

const cap = 2;
let site: FixtureSite;
let test: TestApp;
let scratch: string;

beforeAll(async () => {
  // About 256 KB served at about 64 KB/s: a download of a few seconds.
  site = await startFixtureSite({ bigMegabytes: 0.25 });
  test = await startTestApp(
    {
      MEDIA_TEST_HOSTS: site.host,
      MAX_ACTIVE_JOBS_PER_CLIENT: String(cap),
      TRUST_PROXY: '1',
      CONVERT_SYNC_WAIT_SECONDS: '0.2',
    },
    { listen: true, prefix: 'grabbit-cap-' },
  );
  scratch = await mkdtemp(path.join(tmpdir(), 'grabbit-cap-'));
}, 120_000);

afterAll(async () => {
  await test?.close();
  await site?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const from = (client: string) => ({ 'x-forwarded-for': client });

function startDownload(client: string, pathname: string, signal?: AbortSignal): Promise<Response> {
  return fetch(`${test.origin}/api/download/youtube`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...from(client) },
    body: JSON.stringify({ url: site.url(pathname), format: 'mp4', directDownload: true }),
    ...(signal ? { signal } : {}),
  });
}

function startConversion(client: string, clip: Buffer): Promise<Response> {
  const form = multipartForm({ OutputFormat: 'webm', Quality: 'high' }, 'clip.mp4', clip);
  return fetch(`${test.origin}${convertEndpoints.video}`, {
    method: 'POST',
    headers: { ...form.headers, ...from(client), prefer: 'respond-async' },
    body: form.payload,
  });
}

async function jobState(jobId: string): Promise<ConversionJob> {
  const response = await fetch(`${test.origin}/api/convert/jobs/${jobId}`, { headers: from('10.9.9.9') });
  return (await response.json()) as ConversionJob;
}

async function codeOf(response: Response): Promise<string | undefined> {
  return ((await response.json()) as { code?: string }).code;
}

describe('the running-job cap counts jobs, not open requests', () => {
  it('holds six abandoned direct downloads to the cap, serves another client, and frees a slot when a job ends', async () => {
    const client = '10.5.0.1';
    const leaving = new AbortController();
    const answered: Response[] = [];
    for (let index = 0; index < 6; index += 1)
      void startDownload(client, '/throttle/big.mp4', leaving.signal).then(
        (answer) => answered.push(answer),
        () => undefined,
      );
    // The refused ones answer at once; the two started ones answer with their files, seconds later.
    await until(() => answered.length >= 6 - cap, 'refusals answered', 20_000);
    expect(answered.map((answer) => answer.status)).toEqual(Array(6 - cap).fill(429));
    for (const answer of answered) expect(await codeOf(answer)).toBe('TOO_MANY_ACTIVE_JOBS');
    // Both started jobs are at the site before the client hangs up: yt-dlp asks for a link twice
    // (once to look, once to download), so a third request means both run. A request closed before
    // its job started takes the job with it (job-records.ts), and with Redis in between that
    // window lasts longer than the refusals take.
    await until(() => site.timesAsked('/throttle/big.mp4') > 2, 'both jobs at the site', 30_000);
    // The client hangs up on both files while they are still being downloaded.
    leaving.abort();
    expect(answered).toHaveLength(6 - cap);

    // Its jobs go on and still hold its slots; another client is served meanwhile.
    const again = await startDownload(client, '/a.mp4');
    expect(again.status).toBe(429);
    expect(await codeOf(again)).toBe('TOO_MANY_ACTIVE_JOBS');
    const other = await startDownload('10.5.0.2', '/a.mp4');
    expect(other.status).toBe(200);
    await other.arrayBuffer();

    // Once the abandoned downloads end, their slots come back (nothing else frees them this soon).
    await until(
      async () => {
        const afterwards = await startDownload(client, '/a.mp4');
        await afterwards.arrayBuffer();
        return afterwards.status === 200;
      },
      'a slot back once the abandoned downloads ended',
      60_000,
    );
  }, 120_000);

  it('holds six respond-async conversions to the cap, serves another client, and frees a slot when one ends', async () => {
    const client = '10.6.0.1';
    // Several seconds of VP9 work each, far longer than the 0.2 s the answer waits.
    const clip = await readFile(await makeVideo(scratch, 'cap.mp4', { seconds: 8, width: 640, height: 360 }));
    const answers = await Promise.all(Array.from({ length: 6 }, () => startConversion(client, clip)));
    const started = answers.filter((answer) => answer.status === 202);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(started).toHaveLength(cap);
    expect(refused).toHaveLength(6 - cap);
    for (const answer of refused) expect(await codeOf(answer)).toBe('TOO_MANY_ACTIVE_JOBS');
    const jobIds = await Promise.all(
      started.map(async (answer) => ((await answer.json()) as ConversionJob).jobId),
    );

    // Answered 202 and closed, the two jobs still hold the client's slots.
    const again = await startConversion(client, clip);
    expect(again.status).toBe(429);
    const other = await startConversion('10.6.0.2', clip);
    expect(other.status).toBe(202);

    await until(
      async () => (await Promise.all(jobIds.map(jobState))).every((job) => job.status === 'completed'),
      'conversions completed',
      120_000,
    );
    const afterwards = await startConversion(client, clip);
    expect(afterwards.status).toBe(202);
    const last = ((await afterwards.json()) as ConversionJob).jobId;
    const otherId = ((await other.json()) as ConversionJob).jobId;
    // Leave nothing running behind this file.
    await until(
      async () =>
        (await Promise.all([last, otherId].map(jobState))).every((job) => job.status !== 'converting'),
      'last conversions ended',
      120_000,
    );
  }, 300_000);
});
