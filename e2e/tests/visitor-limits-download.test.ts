// A visitor at the shipped limits on a downloader page: five links in one go all complete (each
// link is one job; the page never holds more running jobs than the server allows), and typing a
// link letter by letter asks for its preview at most twice.
import { apiAreas } from '@grabbit/contracts/api-paths';
import { describe, expect, it } from 'vitest';
import {
  clickThroughGate,
  mainButton,
  openDownloader,
  queueItems,
  useDownloaderHarness,
  waitForStatus,
} from '../support/downloader';

const harness = useDownloaderHarness();

describe('downloader at the shipped limits', () => {
  it('downloads five links of one page', { timeout: 180_000 }, async () => {
    const { context, page } = await openDownloader(harness, '/vimeo-downloader');
    for (let index = 1; index <= 5; index += 1) {
      if (index > 1) await page.getByRole('button', { name: 'Add another link' }).click();
      await page
        .getByRole('textbox', { name: `Vimeo link ${index}` })
        .fill(harness.site.url(`/a.mp4?copy=${index}`));
    }
    await clickThroughGate(mainButton(page), 3, 'Download');
    for (let index = 0; index < 5; index += 1) await waitForStatus(page, index, 'completed', 90_000);
    expect(await queueItems(page).count()).toBe(5);
    await context.close();
  });

  it('asks for the preview of a link typed letter by letter at most twice', async () => {
    const { context, page } = await openDownloader(harness, '/vimeo-downloader');
    const previews: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith(apiAreas.download) && pathname.endsWith('/info')) previews.push(pathname);
    });
    const link = harness.site.url('/one.html');
    // A person typing, not pasting: one key at a time.
    await page.getByRole('textbox', { name: 'Vimeo link 1' }).pressSequentially(link, { delay: 40 });
    await page.getByTestId('preview-card').waitFor({ timeout: 60_000 });
    await expect.poll(() => previews.length).toBeGreaterThanOrEqual(1);
    expect(previews.length).toBeLessThanOrEqual(2);
    await context.close();
  });
});
