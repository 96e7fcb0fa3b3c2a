// The YouTube downloader page against the real server and the real yt-dlp, on fixture media served
// locally (MEDIA_TEST_HOSTS): a single link from paste to a valid saved MP4, the live row check,
// and a phone-sized viewport.
import path from 'node:path';
import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  clickThroughGate,
  mainButton,
  openDownloader,
  probe,
  useDownloaderHarness,
} from '../support/downloader';
import { useTempDir } from '../support/session';

const harness = useDownloaderHarness();
const saveDir = useTempDir('grabbit-e2e-saved-');

describe('single download on /youtube-downloader', () => {
  it('goes from a pasted link through the gate and the progress bar to a saved, valid MP4', async () => {
    const { context, page } = await openDownloader(harness, '/youtube-downloader');
    await page.getByRole('textbox', { name: 'YouTube link 1' }).fill(harness.site.url('/throttle/a.mp4'));
    await clickThroughGate(mainButton(page), 3, 'Download');

    const item = page.getByTestId('queue-item').first();
    // The bar moves: a percentage (or Processing) shows while the task runs.
    await expect
      .poll(() => item.getByTestId('progress-label').textContent({ timeout: 20_000 }))
      .toMatch(/^(\d+%|Processing)$/);
    await item.and(page.locator('[data-status="completed"]')).waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByText('Click download buttons 2 times to save files').count()).toBe(1);

    const saveButton = item.getByRole('button');
    const downloadPromise = page.waitForEvent('download');
    await clickThroughGate(saveButton, 2, 'Download');
    const download = await downloadPromise;
    const target = path.join(saveDir, download.suggestedFilename());
    await download.saveAs(target);
    expect(download.suggestedFilename()).toMatch(/\.mp4$/);
    expect(statSync(target).size).toBeGreaterThan(1000);
    const info = probe(target);
    expect(info.format).toContain('mp4');
    expect(info.streams).toContain('video');
    await page.getByText('saved to your downloads folder').waitFor();
    // No sponsor settings on this server: the gate counted, but opened no window and no frame.
    expect(context.pages()).toHaveLength(1);
    expect(await page.locator('iframe[data-sponsor-frame], script[data-sponsor-script]').count()).toBe(0);
    await context.close();
  });

  it('marks a link of another site with the row error and a red border', async () => {
    const { context, page } = await openDownloader(harness, '/youtube-downloader');
    const input = page.getByRole('textbox', { name: 'YouTube link 1' });
    await input.fill('https://vimeo.com/123456');
    await page.getByText('This URL is not supported on the YouTube downloader').waitFor();
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    // Tailwind's red-600 (an oklch colour with a red hue around 27 degrees).
    expect(await input.evaluate((el) => getComputedStyle(el).borderColor)).toMatch(
      /^oklch\(0\.5\d+ 0\.2\d+ 2\d(\.\d+)?\)$/,
    );
    // Without a good row the main button only warns; the gate does not count.
    await mainButton(page).click();
    await page.getByText('No URL Entered').waitFor();
    await page.getByText('Download (3 clicks to start)').waitFor();
    await input.fill('https://www.youtube.com/watch?v=abc');
    await expect.poll(() => page.getByText('This URL is not supported').count()).toBe(0);
    await context.close();
  });

  it('works on a phone-sized viewport', async () => {
    const { context, page } = await openDownloader(harness, '/youtube-downloader', {
      viewport: { width: 375, height: 740 },
    });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await page.getByRole('textbox', { name: 'YouTube link 1' }).fill(harness.site.url('/a.mp4'));
    await clickThroughGate(mainButton(page), 3, 'Download');
    await page.locator('[data-testid="queue-item"][data-status="completed"]').waitFor({ timeout: 60_000 });
    const box = await page.getByTestId('queue-item').first().boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(375);
    await context.close();
  });
});
