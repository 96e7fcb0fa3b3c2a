// Small things of the download queue, as a visitor sees them: a thumbnail that fails to load gives
// way to a placeholder instead of a broken image, and a refused download is told in one toast.
// Desktop and phone, shipped limits.
import { apiPath, apiRoutes } from '@grabbit/contracts/api-paths';
import { describe, expect, it } from 'vitest';
import {
  clickThroughGate,
  mainButton,
  openDownloader,
  queueItems,
  useDownloaderHarness,
} from '../support/downloader';
import { visitorViewports } from '../support/viewports';

const harness = useDownloaderHarness();

describe.each(visitorViewports)('queue thumbnails (%s)', (_name, viewport) => {
  it('shows a placeholder for a thumbnail that fails to load', async () => {
    const { context, page } = await openDownloader(harness, '/youtube-downloader', { viewport });
    // The playlist's pictures are gone by the time the page asks for them.
    await page.route(
      (url) => url.pathname.endsWith('/photo.jpg') || url.pathname.includes('thumbnail'),
      (route) => route.fulfill({ status: 404, body: 'gone' }),
    );
    await page
      .getByRole('textbox', { name: 'YouTube link 1' })
      .fill(harness.site.url('/feed-30.xml?list=PL30'));
    await clickThroughGate(mainButton(page), 3, 'Download');
    await page.getByText('30 videos found!').waitFor({ timeout: 60_000 });
    const first = queueItems(page).first();
    await first.getByTestId('queue-thumbnail-fallback').waitFor();
    expect(await first.locator('img').count()).toBe(0);
    await context.close();
  });
});

describe('a refused download start', () => {
  it('is told in one toast', async () => {
    const { context, page } = await openDownloader(harness, '/vimeo-downloader');
    // The server's refusal as it answers one (the start route of this page only).
    await page.route(
      (url) => url.pathname === apiPath(apiRoutes.download, { platform: 'vimeo' }),
      (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            success: false,
            error: 'This link cannot be downloaded.',
            code: 'INVALID_URL',
          }),
        }),
    );
    await page.getByRole('textbox', { name: 'Vimeo link 1' }).fill(harness.site.url('/a.mp4'));
    await clickThroughGate(mainButton(page), 3, 'Download');
    await queueItems(page).and(page.locator('[data-status="error"]')).waitFor({ timeout: 60_000 });
    const toasts = page.locator('[data-sonner-toast]');
    await toasts.first().waitFor();
    expect(await toasts.count()).toBe(1);
    await context.close();
  });
});
