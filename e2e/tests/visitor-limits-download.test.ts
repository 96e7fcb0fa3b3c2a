// A visitor at the shipped limits on a downloader page: five links in one go all complete (each
// link is one job; the page never holds more running jobs than the server allows), typing a link
// letter by letter asks for its preview at most twice, and a visitor with three downloads running
// still gets a preview in another tab.
import { apiAreas, apiPath, apiRoutes } from '@grabbit/contracts/api-paths';
import { describe, expect, it } from 'vitest';
import {
  clickThroughGate,
  mainButton,
  openDownloader,
  openDownloaderTab,
  queueItems,
  useDownloaderHarness,
  waitForStatus,
} from '../support/downloader';

const harness = useDownloaderHarness();
const startPath = apiPath(apiRoutes.download, { platform: 'vimeo' });

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

  it('previews a link while the same visitor has three downloads running', { timeout: 180_000 }, async () => {
    const { context, page: first } = await openDownloader(harness, '/vimeo-downloader');
    const openTab = () => openDownloaderTab(context, `${harness.server.url}/vimeo-downloader`);
    // One trickled download per tab (a page runs its own links one after another): three accepted
    // and holding the visitor's three running-job slots (the server runs two at once, one waits).
    const tabs = [first, await openTab(), await openTab()];
    for (const [index, tab] of tabs.entries()) {
      const link = harness.site.url(`/slow/a.mp4?copy=${index}`);
      await tab.getByRole('textbox', { name: 'Vimeo link 1' }).fill(link);
      const started = tab.waitForResponse(
        (answer) => answer.request().method() === 'POST' && new URL(answer.url()).pathname === startPath,
      );
      await clickThroughGate(mainButton(tab), 3, 'Download');
      expect((await started).status()).toBe(200);
    }
    const fourth = await openTab();
    await fourth.getByRole('textbox', { name: 'Vimeo link 1' }).fill(harness.site.url('/one.html'));
    await fourth.getByTestId('preview-card').waitFor({ timeout: 60_000 });
    // The three are still under way: the preview did not wait for one of them to end.
    for (const tab of tabs)
      expect(['pending', 'downloading']).toContain(await queueItems(tab).first().getAttribute('data-status'));
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
