// Links pasted together into one row (spaces, commas, line breaks) become one row each, and a link
// of another supported site names that site with a link to its page, which opens with the link
// filled in. Real clipboard paste in Chromium, real server and yt-dlp, shipped limits.
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

describe.each(visitorViewports)('a pasted list of links (%s)', (_name, viewport) => {
  it('becomes one row each, downloads the good ones and sends the other link to its page', async () => {
    const { context, page } = await openDownloader(harness, '/youtube-downloader', { viewport });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.server.url });
    const vimeo = 'https://vimeo.com/123456';
    const list = `${harness.site.url('/a.mp4')}, ${harness.site.url('/a.mp4?copy=2')}\n${vimeo}\n`;
    await page.evaluate((text) => navigator.clipboard.writeText(text), list);
    await page.getByRole('textbox', { name: 'YouTube link 1' }).focus();
    await page.keyboard.press('ControlOrMeta+V');

    const rows = page.getByTestId('url-row');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await page.getByRole('textbox', { name: 'YouTube link 2' }).inputValue()).toBe(
      harness.site.url('/a.mp4?copy=2'),
    );
    const third = page.getByRole('textbox', { name: 'YouTube link 3' });
    expect(await third.inputValue()).toBe(vimeo);
    expect(await third.getAttribute('aria-invalid')).toBe('true');
    await page
      .getByText('This URL is not supported on the YouTube downloader: it is a Vimeo link.')
      .waitFor();

    // The two links of this page are downloaded, each as its own item; the other row is skipped.
    await clickThroughGate(mainButton(page), 3, 'Download');
    await expect
      .poll(() => queueItems(page).evaluateAll((items) => items.map((item) => item.dataset.status)), {
        timeout: 90_000,
      })
      .toEqual(['completed', 'completed']);

    await page.getByRole('link', { name: 'Open the Vimeo downloader with this link' }).click();
    await page.waitForURL(/\/vimeo-downloader/);
    await expect.poll(() => page.getByRole('textbox', { name: 'Vimeo link 1' }).inputValue()).toBe(vimeo);
    expect(await page.getByText('This URL is not supported').count()).toBe(0);
    await context.close();
  });
});
