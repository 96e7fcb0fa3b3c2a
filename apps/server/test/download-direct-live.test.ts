// A direct download (the answer is the file) of a plain web video in the asked container is sent
// while yt-dlp still writes it: the answer starts before the task has finished, carries the site's
// announced length, and is byte for byte the file the site served, or with tags on, that file with
// the tags written into its index (its media bytes the served ones: no engine copied it). When the
// finishing step must change the file (another container), the visitor gets the stored file once
// the task has finished. Either way the stored file is deleted once sent whole. Real yt-dlp, real ffprobe, the real app over HTTP.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DownloadTask } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobFolders, probeWithTags, startTestApp, waitForTask, type TestApp } from './support/download-app';
import { mediaDataHash } from './support/media-data';
import { decodeFile } from './support/media-probes';
import { startFixtureSite, type FixtureSite } from './support/fixture-site';
import { until } from './support/until';

let site: FixtureSite;
let test: TestApp;

beforeAll(async () => {
  // About 12 MB with its index at the front, served at about 4 MB/s: a few seconds of download.
  site = await startFixtureSite({ bigMegabytes: 12 });
  test = await startTestApp({ MEDIA_TEST_HOSTS: site.host }, { listen: true, prefix: 'grabbit-live-' });
}, 120_000);

afterAll(async () => {
  await test?.close();
  await site?.close();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A direct download over HTTP: the answer, and the task's state when the answer's head arrived. */
async function directDownload(format: string, tags = true, url = site.url('/steady/big.mp4')) {
  const response = await fetch(`${test.origin}/api/download/youtube`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url, format, tags, directDownload: true }),
  });
  const taskId = response.headers.get('x-task-id') ?? '';
  const state = await test.app.inject({ method: 'GET', url: `/api/download/task/${taskId}` });
  const statusAtHead = state.json<DownloadTask>().status;
  const body = Buffer.from(await response.arrayBuffer());
  return { response, taskId, statusAtHead, body };
}

/** The task's stored file answers 404 soon after its direct answer was sent whole. */
async function sentFileDeleted(task: DownloadTask): Promise<void> {
  await until(
    async () => (await test.app.inject({ method: 'GET', url: task.downloadUrl ?? '' })).statusCode === 404,
    'the sent file deleted',
    15_000,
  );
}

describe('a direct download sent while yt-dlp writes it', () => {
  it('starts before the task has finished and is exactly the served and the stored file', async () => {
    const served = readFileSync(path.join(site.dir, 'big.mp4'));
    // Without tags: the very bytes served.
    const { response, taskId, statusAtHead, body } = await directDownload('mp4', false);
    expect(response.status).toBe(200);
    expect(statusAtHead).toBe('downloading');
    expect(response.headers.get('content-length')).toBe(String(served.length));
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('content-disposition')).toMatch(/big\.mp4/);
    expect(sha256(body)).toBe(sha256(served));

    const task = await waitForTask(test.app, taskId);
    expect(task.status).toBe('completed');
    expect(task.fileSize).toBe(served.length);
    // Sent whole, the stored file is deleted: it never counts as waiting, so it does not stay.
    await sentFileDeleted(task);
    expect(jobFolders(test.dataDir)).toEqual([]);
  });

  it('with tags on, starts before the task has finished, with the tags in the index and the served media', async () => {
    const link = site.url('/tagged.html?src=steady/big.mp4');
    const { response, taskId, statusAtHead, body } = await directDownload('mp4', true, link);
    expect(response.status).toBe(200);
    expect(statusAtHead).toBe('downloading');
    expect(response.headers.get('content-length')).toBe(String(body.length));
    const sent = path.join(site.dir, 'sent-tagged.mp4');
    await writeFile(sent, body);
    const probed = probeWithTags(sent);
    expect(probed.format.tags).toMatchObject({
      title: 'Tagged – Ünïcode song',
      artist: 'Fixture Artist',
      date: '2026-01-02',
      comment: link,
    });
    expect(probed.streams.map((s) => s.codec_name)).toEqual(['h264', 'aac']);
    expect(Number(probed.format.duration)).toBeCloseTo(20, 0);
    expect((await decodeFile(sent)).errors).toBe('');
    // Not copied by an engine: the media bytes are the served file's own, in the same boxes.
    expect(await mediaDataHash(sent)).toEqual(await mediaDataHash(path.join(site.dir, 'big.mp4')));

    const task = await waitForTask(test.app, taskId);
    expect(task.status).toBe('completed');
    expect(task.fileSize).toBe(body.length);
    await sentFileDeleted(task);
  });

  it('waits for the stored file when the finishing step changes it (mkv)', async () => {
    const { response, taskId, statusAtHead, body } = await directDownload('mkv', false);
    expect(response.status).toBe(200);
    expect(statusAtHead).toBe('completed');
    expect(response.headers.get('content-type')).toBe('video/x-matroska');
    const task = await waitForTask(test.app, taskId);
    expect(task.fileSize).toBe(body.length);
    // The finished file, not the MP4 yt-dlp wrote: Matroska's EBML header.
    expect(body.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    await sentFileDeleted(task);
  });
});
