// A direct download sent while yt-dlp writes it, when the site answers yt-dlp's resume with a
// fresh 200 of other bytes (yt-dlp then rewrites the same file from its start): the visitor's
// answer is cut short instead of ending as a splice of two versions at the announced length, and
// the finished file goes through the whole finishing step, so the HTML page it turned out to be
// is never stored as an .mp4. Real yt-dlp and ffprobe, a listening server at the public limits.
import { request } from 'node:http';
import { apiRoutes, apiPath, type DownloadTask } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobFolders } from './support/download-app';
import { startFixtureSite, type FixtureSite } from './support/fixture-site';
import { startPublicServer, waitForTaskAt } from './support/public-server';
import { startResumeSite, type ResumeSite } from './support/resume-site';
import type { TestApp } from './support/test-app';
import { until } from './support/until';

let media: FixtureSite;
let site: ResumeSite;
let test: TestApp;

beforeAll(async () => {
  // About 10 MB with its index at the front: large enough to be sent while written.
  media = await startFixtureSite({ bigMegabytes: 10 });
  site = await startResumeSite({
    video: `${media.dir}/big.mp4`,
    firstBytes: 4 * 1024 * 1024,
    videoUrl: media.url('/a.mp4'),
  });
  test = await startPublicServer(
    { MEDIA_TEST_HOSTS: `${site.host},${media.host}` },
    { prefix: 'grabbit-resume-' },
  );
}, 120_000);

afterAll(async () => {
  await test?.close();
  await site?.close();
  await media?.close();
});

interface Received {
  status: number;
  announced: number;
  bytes: number;
  complete: boolean;
  taskId: string;
}

/** A direct download over HTTP; `onBytes` is told each time more of the answer arrived. */
function directDownload(url: string, onBytes: (bytes: number) => void): Promise<Received> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      new URL(apiPath(apiRoutes.download, { platform: 'youtube' }), test.origin),
      { method: 'POST', headers: { 'content-type': 'application/json' }, agent: false },
      (incoming) => {
        let bytes = 0;
        incoming.on('data', (chunk: Buffer) => onBytes((bytes += chunk.length)));
        incoming.on('error', () => undefined);
        incoming.on('close', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            announced: Number(incoming.headers['content-length']),
            bytes,
            complete: incoming.complete,
            taskId: String(incoming.headers['x-task-id']),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    // Without tags: a tagged file is a copy, sent only once finished (not while written).
    outgoing.end(JSON.stringify({ url, format: 'mp4', directDownload: true, tags: false }));
  });
}

describe('a file sent while written, rewritten by a resume', () => {
  it('cuts the answer short and never stores the page it became as .mp4', async () => {
    let received = 0;
    const answer = directDownload(site.url('/swap.mp4'), (bytes) => (received = bytes));
    // The answer is under way (sent while written): now the site drops the connection.
    await until(() => received > 0, 'the answer started', 60_000);
    site.cut();
    const result = await answer;
    expect(result.status).toBe(200);
    expect(result.announced).toBe(site.original.length);
    expect(site.resumes).toBeGreaterThan(0);
    expect(result.complete).toBe(false);
    expect(result.bytes).toBeLessThan(site.original.length);

    const task: DownloadTask = await waitForTaskAt(test.origin, result.taskId);
    expect(task.status).toBe('error');
    expect(task.downloadUrl ?? null).toBeNull();
    expect(jobFolders(test.dataDir)).toEqual([]);
  });
});
