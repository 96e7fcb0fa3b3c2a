// A download with a target size: the downloaded file is fitted in the same job (one progress bar
// across both steps) to land between 90% and 100% of the target, and a target too small for the
// media's length is refused with 400 TARGET_SIZE_TOO_SMALL before anything is queued.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { targetSizeMegabyte as MB } from '@grabbit/catalog';
import { apiPath, apiRoutes, type DownloadTask } from '@grabbit/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { useSiteAndApp, waitForTask } from './support/download-app';
import { makeAudio } from './support/media-fixtures';
import { probeFile } from './support/media-probes';
import { makeDenseClip } from './support/stream-fixtures';

const fx = useSiteAndApp();
const scratch = mkdtemp(path.join(os.tmpdir(), 'grabbit-sized-'));
afterAll(async () => rm(await scratch, { recursive: true, force: true }));
/** Fixture making, the download and two passes of 720p, on a busy two-core machine. */
const sizedTimeout = 300_000;

const start = (url: string, format: string, targetSizeMB: number) =>
  fx.test.app.inject({
    method: 'POST',
    url: apiPath(apiRoutes.download, { platform: 'vimeo' }),
    payload: { url, format, targetSizeMB },
  });

async function downloadSized(name: string, format: string, targetSizeMB: number) {
  const response = await start(fx.site.url(`/${name}`), format, targetSizeMB);
  expect(response.statusCode, response.body).toBe(200);
  const task: DownloadTask = await waitForTask(
    fx.test.app,
    response.json<{ taskId: string }>().taskId,
    sizedTimeout,
  );
  expect(task.status, task.error).toBe('completed');
  const file = await fx.test.app.inject({ method: 'GET', url: task.downloadUrl ?? '' });
  const saved = path.join(await scratch, `${name}.${format}`);
  await writeFile(saved, file.rawPayload);
  return { bytes: file.rawPayload.length, saved };
}

describe('downloads with a target size', () => {
  it(
    'fits a minute of sound into an MP3 of 0.45 to 0.5 MB',
    async () => {
      await makeAudio(fx.site.dir, 'tone.m4a', 60);
      const { bytes, saved } = await downloadSized('tone.m4a', 'mp3', 0.5);
      expect(bytes).toBeLessThanOrEqual(0.5 * MB);
      expect(bytes).toBeGreaterThanOrEqual(0.45 * MB);
      expect((await probeFile(saved)).streams[0]).toMatchObject({ codec_name: 'mp3' });
    },
    sizedTimeout,
  );

  it(
    'fits 6 s of 720p into an MP4 of 0.45 to 0.5 MB',
    async () => {
      // The rate of 5 MB a minute, on a tenth of the frames to encode twice.
      await makeDenseClip(fx.site.dir, 'hd.mp4', { seconds: 6, width: 1280, height: 720 });
      const { bytes, saved } = await downloadSized('hd.mp4', 'mp4', 0.5);
      expect(bytes).toBeLessThanOrEqual(0.5 * MB);
      expect(bytes).toBeGreaterThanOrEqual(0.45 * MB);
      expect((await probeFile(saved)).duration).toBeGreaterThan(5.9);
    },
    sizedTimeout,
  );

  it('refuses an impossible target before any work, and a format with no bit rate', async () => {
    await makeAudio(fx.site.dir, 'long-tone.m4a', 120);
    // Sites say how long their media is; the check reads it from the link's info.
    const described = fx.site.url('/described.html?src=long-tone.m4a&seconds=120');
    const tooSmall = await start(described, 'mp3', 0.01);
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json()).toMatchObject({ code: 'TARGET_SIZE_TOO_SMALL' });
    expect(tooSmall.json<{ error: string }>().error).toMatch(/smallest size possible is [\d.]+ MB/);
    const lossless = await start(described, 'flac', 1);
    expect(lossless.statusCode).toBe(400);
    expect(lossless.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
