// "Keep in cloud storage" on the YouTube downloader page against the real server and yt-dlp on the
// fixture site: the queue item opens its cloud link in a new tab (the link serves the file), then
// Delete removes it from storage. With the feature off the card offers no such option.
import { describe, expect, it } from 'vitest';
import { clickThroughGate, mainButton, openDownloader, useDownloaderHarness } from '../support/downloader';

const harness = useDownloaderHarness({ env: { FEATURE_CLOUD_STORAGE: 'true' } });
const harnessOff = useDownloaderHarness();

describe('cloud storage on /youtube-downloader', () => {
  it('keeps a fixture download, opens it from cloud storage in a new tab, then deletes it', async () => {
    const { context, page } = await openDownloader(harness, '/youtube-downloader');
    await page.getByRole('textbox', { name: 'YouTube link 1' }).fill(harness.site.url('/a.mp4'));
    await page.getByRole('checkbox', { name: 'Keep in cloud storage' }).check();
    await page.getByLabel('File name (optional)').fill('Holiday clip');
    await clickThroughGate(mainButton(page), 3, 'Convert');

    const item = page.getByTestId('queue-item').first();
    await item.and(page.locator('[data-status="completed"]')).waitFor({ timeout: 90_000 });
    await expect.poll(() => item.getByText('Holiday clip.mp4').count()).toBeGreaterThan(0);

    // The gated button opens the cloud link in a new tab instead of saving.
    const openButton = item.getByRole('button', { name: /Open file|clicks to start/ });
    const linkRequest = context.waitForEvent('request', (request) =>
      request.url().includes('/api/cloudstorage/files/'),
    );
    const newTab = context.waitForEvent('page');
    await clickThroughGate(openButton, 2, 'Download');
    const [request] = await Promise.all([linkRequest, newTab]);
    await page.getByText('File opened from cloud storage').waitFor();
    const link = request.url();
    expect(link).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/api\/cloudstorage\/files\/[\w-]{22}-Holiday-clip\?expires=/,
    );
    const file = await fetch(link);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('Holiday clip.mp4');
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    await item.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('File deleted from cloud storage').waitFor();
    await expect.poll(() => page.getByTestId('queue-item').count()).toBe(0);
    expect((await fetch(link)).status).toBe(404);
    await context.close();
  });

  it('offers no cloud option when the server has the feature off', async () => {
    const { context, page } = await openDownloader(harnessOff, '/youtube-downloader');
    await page.getByTestId('main-download-button').waitFor();
    // The page config has arrived (the badge shows), yet no option is rendered.
    expect(await page.getByTestId('cloud-storage-options').count()).toBe(0);
    expect(await page.getByText('Keep in cloud storage').count()).toBe(0);
    await context.close();
  });
});
