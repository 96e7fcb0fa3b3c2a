// A video conversion in Chromium against the real server: the queue item shows the upload and then
// the server's conversion percentage (pushed over the real-time hub) before it completes, and the
// saved file is a WebM.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeVideo } from '../../apps/server/test/support/media-fixtures';
import { startServerAndBrowser } from '../support/session';
import {
  chooseFiles,
  openConverter,
  queueStatuses,
  recordStatuses,
  recordedStatuses,
  startConversion,
  run,
  toastDescription,
  useFixtureDir,
} from './convert-support';

const session = startServerAndBrowser();
let page: Page;
const dir = useFixtureDir();

beforeAll(async () => {
  page = await session.browser.newPage({ acceptDownloads: true });
  await page.addInitScript(recordStatuses);
});

describe('MP4 converter', () => {
  it('shows the conversion progress of a video until it completes', async () => {
    // 3 s of 720p: small to upload, long enough for ffmpeg to report progress more than once.
    const clip = await makeVideo(dir, 'clip.mp4', { seconds: 3, width: 1280, height: 720 });
    await openConverter(page, session.server.url, '/mp4-converter');
    await page.getByLabel('Output format').click();
    await page.getByRole('option', { name: 'WEBM' }).click();
    await chooseFiles(page, [clip]);
    await startConversion(page);
    // While the batch runs: the button shows its loading state and the overall bar counts the batch.
    expect(await page.getByRole('button', { name: 'Converting...' }).isDisabled()).toBe(true);
    const overall = page.getByTestId('conversion-overall');
    await overall.waitFor();
    expect(await overall.textContent()).toContain('Processing 1 file...');
    expect(await overall.textContent()).toContain('0 / 1 completed');

    await expect.poll(() => queueStatuses(page), { timeout: 60_000 }).toEqual(['Completed']);
    expect(await toastDescription(page, 'Batch conversion completed')).toBe('Successfully converted 1 file.');
    const seen = await recordedStatuses(page);
    // Upload percentages first, then the server's own percentages while ffmpeg works.
    expect(seen.some((text) => /^Uploading… \d+%$/.test(text))).toBe(true);
    const converting = seen.flatMap((text) => /^Converting… (\d+)%$/.exec(text)?.[1] ?? []).map(Number);
    // A percentage strictly between the ends proves the bar moved during the conversion itself.
    expect(
      converting.some((percent) => percent > 0 && percent < 100),
      `statuses seen: ${seen.join(' | ')}`,
    ).toBe(true);
    expect(converting).toEqual([...converting].sort((a, b) => a - b));

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('link', { name: /Save/ }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('clip.webm');
    const saved = path.join(dir, 'saved.webm');
    await download.saveAs(saved);
    // EBML magic of Matroska/WebM, then the container and codecs as ffprobe reads them.
    expect((await readFile(saved)).subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name:format=format_name',
      '-of',
      'csv=p=0',
      saved,
    ]);
    expect(stdout).toContain('vp9');
    expect(stdout).toContain('webm');
  });
});
