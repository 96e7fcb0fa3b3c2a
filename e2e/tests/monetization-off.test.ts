// With the monetization flag off (FEATURE_MONETIZATION=false) the page has no notice and no gate:
// one click starts the download and no sponsor page opens, even with sponsor settings present.
import { describe, expect, it } from 'vitest';
import {
  mainButton,
  openDownloader,
  queueItems,
  useDownloaderHarness,
  waitForStatus,
} from '../support/downloader';

const harness = useDownloaderHarness({ sponsors: true, env: { FEATURE_MONETIZATION: 'false' } });

describe('monetization switched off', () => {
  it('downloads on the first click and opens nothing', async () => {
    const { context, page } = await openDownloader(harness, '/youtube-downloader');
    await expect.poll(() => page.getByTestId('monetization-notice').count()).toBe(0);
    await page.getByRole('textbox', { name: 'YouTube link 1' }).fill(harness.site.url('/a.mp4'));
    await expect.poll(() => mainButton(page).textContent()).toBe('Download');
    await mainButton(page).click();
    await waitForStatus(page, 0, 'completed');
    const download = page.waitForEvent('download');
    await queueItems(page).first().getByRole('button', { name: 'Save MP4' }).click();
    await download;
    expect(context.pages()).toHaveLength(1);
    expect(harness.sponsors.count('/sponsor/')).toBe(0);
    await context.close();
  });
});
