// The one paste box: on the home page (and in the page header on phones) a link of any supported
// site opens that site's downloader page with the link filled in; another link is answered in
// place. The home page's JavaScript stays within its budget with the box on it.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageScripts } from '../../bench/src/web-size';
import { startServerAndBrowser } from '../support/session';
import { desktop, phone, visitorViewports } from '../support/viewports';

const session = startServerAndBrowser();
const homeBudgetKb = 120;

async function open(viewport: { width: number; height: number }, route: string): Promise<Page> {
  const page = await session.browser.newPage({ viewport });
  await page.goto(`${session.server.url}${route}`);
  await page.getByTestId('connection-badge').waitFor({ timeout: 45_000 });
  return page;
}

async function paste(page: Page, link: string): Promise<void> {
  const box = page.getByRole('search', { name: 'Download from a link' });
  await box.getByRole('textbox', { name: 'Paste a video link' }).fill(link);
  await box.getByRole('button', { name: 'Go' }).click();
}

describe.each(visitorViewports)('the home paste box (%s)', (_name, viewport) => {
  it("opens the link's downloader page with the link filled in, and answers an unknown link", async () => {
    const page = await open(viewport, '/');
    await paste(page, 'https://example.com/clip');
    await page.getByText('This link is not from a site we support').waitFor();
    const vimeo = 'https://vimeo.com/123456';
    await paste(page, vimeo);
    await page.waitForURL(/\/vimeo-downloader\?url=/);
    await expect.poll(() => page.getByRole('textbox', { name: 'Vimeo link 1' }).inputValue()).toBe(vimeo);
    await page.close();
  });
});

describe('the paste box in the page header', () => {
  it('is there on phones only, and fills the page it is on too', async () => {
    const wide = await open(desktop, '/png-converter');
    expect(await wide.getByRole('search', { name: 'Download from a link' }).isVisible()).toBe(false);
    await wide.close();

    const page = await open(phone, '/png-converter');
    const tiktok = 'https://www.tiktok.com/@someone/video/7300000000000000000';
    await paste(page, tiktok);
    await page.waitForURL(/\/tiktok-downloader\?url=/);
    await expect.poll(() => page.getByRole('textbox', { name: 'TikTok link 1' }).inputValue()).toBe(tiktok);
    const other = 'https://www.tiktok.com/@someone/video/7300000000000000001';
    await paste(page, other);
    await expect.poll(() => page.getByRole('textbox', { name: 'TikTok link 1' }).inputValue()).toBe(other);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await page.close();
  });
});

describe('the home page JavaScript', () => {
  it(`stays within ${homeBudgetKb} KB gzipped`, () => {
    const scripts = pageScripts(path.resolve(import.meta.dirname, '../../apps/web/dist'));
    const totalKb = scripts.reduce((sum, script) => sum + script.gzipBytes, 0) / 1024;
    expect(totalKb).toBeGreaterThan(50);
    expect(totalKb).toBeLessThanOrEqual(homeBudgetKb);
  });
});
