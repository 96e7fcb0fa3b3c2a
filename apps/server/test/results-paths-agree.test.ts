// Result paths as `npm start` runs the server: the conversion result path serves conversions'
// files only (it spends the larger job-read budget) and its DELETE spends the API budget; a file
// fetched whole may still be fetched again and deleted by its owner, and once deleted GET and
// DELETE both answer FILE_EXPIRED; a direct download sent whole is deleted at once (it never
// counts as waiting, so it does not stay 24 hours either).
import path from 'node:path';
import {
  apiPath,
  apiRoutes,
  conversionJobPath,
  conversionResultPath,
  convertEndpoints,
  respondAsyncAtOnce,
  type ConversionJob,
  type DownloadStartResponse,
  type DownloadTask,
} from '@grabbit/contracts';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServer, stopServer, type ServerRun } from './foundation-server';
import { multipartForm } from './support/convert-app';
import { startFixtureSite, type FixtureSite } from './support/fixture-site';
import { makeImage } from './support/media-fixtures';
import { call, postJson } from './support/public-server';
import { until } from './support/until';

let site: FixtureSite;
let server: ServerRun | undefined;
let origin = '';
const visitor = '127.0.51.1';

beforeAll(async () => {
  site = await startFixtureSite();
  server = await runServer(
    { NODE_ENV: 'test', MEDIA_TEST_HOSTS: site.host, RATE_LIMIT_API_PER_MINUTE: '200' },
    180_000,
  );
  origin = server.url ?? '';
}, 240_000);

afterAll(async () => {
  await stopServer(server);
  await site?.close();
});

/** A download task of the visitor's, once ended (polled gently: the API budget is 200 a minute). */
async function finishedDownload(directDownload = false) {
  const started = await postJson(
    origin,
    apiPath(apiRoutes.download, { platform: 'youtube' }),
    { url: site.url('/a.mp4'), format: 'mp4', directDownload },
    visitor,
  );
  expect(started.status, started.body.toString()).toBe(200);
  const taskId = directDownload
    ? String(started.headers['x-task-id'])
    : (started.json<DownloadStartResponse>().taskId ?? '');
  let task: DownloadTask | undefined;
  await until(
    async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      task = (
        await call(origin, apiPath(apiRoutes.downloadTask, { taskId }), { from: visitor })
      ).json<DownloadTask>();
      return task.status === 'completed' || task.status === 'error';
    },
    'download finished',
    300_000,
  );
  expect(task?.status, JSON.stringify(task)).toBe('completed');
  return { task: task as DownloadTask, answer: started };
}

const fileIdOf = (downloadUrl: string | undefined) => (downloadUrl ?? '').split('/').pop() ?? '';

describe('result paths', () => {
  it("the conversion path does not serve a download's file", async () => {
    expect(server?.url, server?.stderr()).toBeDefined();
    const { task } = await finishedDownload();
    const fileId = fileIdOf(task.downloadUrl);
    expect((await call(origin, task.downloadUrl ?? '', { from: visitor, method: 'HEAD' })).status).toBe(200);
    const other = await call(origin, conversionResultPath(fileId), { from: visitor });
    expect(other.status).toBe(404);
    expect(other.json<{ code: string }>().code).toBe('FILE_EXPIRED');
    expect(
      (await call(origin, conversionResultPath(fileId), { from: visitor, method: 'DELETE' })).status,
    ).toBe(404);
    // Its own path deletes it.
    expect((await call(origin, task.downloadUrl ?? '', { from: visitor, method: 'DELETE' })).status).toBe(
      204,
    );
  }, 600_000);

  it('a conversion fetched whole is served again and deleted by its owner; then both say FILE_EXPIRED', async () => {
    const dir = server?.workDir ?? '';
    const image = await makeImage(dir, 'agree.png', { width: 8, height: 8 });
    const form = multipartForm(
      { OutputFormat: 'jpg', Quality: 'high' },
      path.basename(image),
      await readFile(image),
    );
    const accepted = await call(origin, convertEndpoints.image, {
      method: 'POST',
      from: visitor,
      headers: { ...form.headers, [respondAsyncAtOnce.name]: respondAsyncAtOnce.value },
      body: form.payload,
    });
    expect(accepted.status, accepted.body.toString()).toBe(202);
    const { jobId } = accepted.json<ConversionJob>();
    let job: ConversionJob | undefined;
    await until(
      async () => {
        job = (await call(origin, conversionJobPath(jobId), { from: visitor })).json<ConversionJob>();
        return job.status === 'completed' || job.status === 'failed';
      },
      'conversion finished',
      300_000,
    );
    const link = job?.downloadUrl ?? '';
    expect((await call(origin, link, { from: visitor })).status).toBe(200);
    expect((await call(origin, link, { from: visitor })).status).toBe(200);
    expect((await call(origin, link, { from: '127.0.51.2', method: 'DELETE' })).status).toBe(404);
    expect((await call(origin, link, { from: visitor, method: 'DELETE' })).status).toBe(204);
    expect((await call(origin, link, { from: visitor })).status).toBe(404);
    expect((await call(origin, link, { from: visitor, method: 'DELETE' })).status).toBe(404);
  }, 600_000);

  it('a DELETE on the conversion path spends the API budget', async () => {
    const client = '127.0.51.3';
    const missing = conversionResultPath('0123456789abcdef0123456789abcdef');
    let answer = await call(origin, missing, { from: client, method: 'DELETE' });
    for (let i = 0; i < 210 && answer.status !== 429; i += 1)
      answer = await call(origin, missing, { from: client, method: 'DELETE' });
    expect(answer.status).toBe(429);
    // Reads of the path keep their own budget.
    expect((await call(origin, missing, { from: client })).status).toBe(404);
  }, 60_000);

  it('a direct download sent whole is deleted once sent', async () => {
    const { task, answer } = await finishedDownload(true);
    expect(answer.body.length).toBeGreaterThan(0);
    const link = task.downloadUrl ?? '';
    await until(
      async () => (await call(origin, link, { from: visitor, method: 'HEAD' })).status === 404,
      'the sent file deleted',
      15_000,
    );
    expect((await call(origin, link, { from: visitor, method: 'DELETE' })).status).toBe(404);
  }, 600_000);
});
