// "Keep in cloud storage" on the YouTube downloader page against the real server and yt-dlp on the
// fixture site: the queue item opens its cloud link in a new tab (the link serves the file), then
// Delete removes it from storage. With the feature off the card offers no such option.
import type { BrowserContext, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickThroughGate, mainButton, openDownloader, useDownloaderHarness } from '../support/downloader';

// Private links work 20 s here, so the page's renewal of a link about to expire is seen too.
const harness = useDownloaderHarness({
  env: { FEATURE_CLOUD_STORAGE: 'true', CLOUD_LINK_TTL_SECONDS: '20' },
});
const harnessOff = useDownloaderHarness({ env: { FEATURE_CLOUD_STORAGE: 'false' } });

/** Clicks the gated open button; answers the cloud link the new tab loaded (with a 200). */
async function openInNewTab(context: BrowserContext, button: Locator): Promise<string> {
  const loaded = context.waitForEvent('response', {
    predicate: (response) => response.url().includes('/api/cloudstorage/files/'),
    timeout: 30_000,
  });
  const newTab = context.waitForEvent('page');
  await clickThroughGate(button, 2, 'Download');
  const [response] = await Promise.all([loaded, newTab]);
  expect(response.status()).toBe(200);
  return response.url();
}

describe('cloud storage on /youtube-downloader', () => {
  it('keeps a fixture download, opens it from cloud storage in a new tab, then deletes it', async () => {
    const { context, page } = await openDownloader(harness, '/youtube-downloader');
    await page.getByRole('textbox', { name: 'YouTube link 1' }).fill(harness.site.url('/a.mp4'));
    await page.getByRole('checkbox', { name: 'Keep in cloud storage' }).check();
    await page.getByLabel('File name (optional)').fill('Holiday clip');
    await clickThroughGate(mainButton(page), 3, 'Download');

    const item = page.getByTestId('queue-item').first();
    await item.and(page.locator('[data-status="completed"]')).waitFor({ timeout: 90_000 });
    await expect.poll(() => item.getByText('Holiday clip.mp4').count()).toBeGreaterThan(0);

    // The gated button opens the cloud link in a new tab instead of saving.
    const openButton = item.getByRole('button', { name: /Open file|clicks? to start/ });
    const link = await openInNewTab(context, openButton);
    await page.getByText('File opened from cloud storage').waitFor();
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/cloudstorage\/files\/[\w-]+\?expires=/);
    const file = await fetch(link);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('Holiday clip.mp4');
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    // Near its end the private link is asked for again: the new tab gets a fresh, working one.
    const expires = Number(new URL(link).searchParams.get('expires')) * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expires - 9_000 - Date.now())));
    const renewed = await openInNewTab(context, openButton);
    expect(renewed).not.toBe(link);
    expect(Number(new URL(renewed).searchParams.get('expires')) * 1000).toBeGreaterThan(expires);

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
