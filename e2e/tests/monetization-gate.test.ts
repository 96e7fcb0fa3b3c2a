// The click-gate and sponsor flows in Chromium against the real server, with the sponsor settings
// pointing at a local stand-in: counts, labels, the five storage keys, the resets, and how many
// windows and frames open and close (regular and adult variants).
import { monetizationStorageKeys as keys } from '@grabbit/catalog';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  mainButton,
  openDownloader,
  queueItems,
  useDownloaderHarness,
  waitForStatus,
} from '../support/downloader';

const harness = useDownloaderHarness({ sponsors: true });

const stored = (page: Page) =>
  page.evaluate(
    (k) => Object.fromEntries(Object.values(k).map((key) => [key, localStorage.getItem(key)])),
    keys,
  );
const frames = (page: Page) => page.locator('iframe[data-sponsor-frame]').count();

/** Every window the context opens, and whether it is closed. */
function trackWindows(context: BrowserContext) {
  const opened: Page[] = [];
  context.on('page', (popup) => opened.push(popup));
  return { opened, closed: () => opened.filter((p) => p.isClosed()).length };
}

describe('click-gate on a regular page', () => {
  it('counts 3 clicks with labels, storage and sponsor windows, then downloads and resets', async () => {
    const { context, page } = await openDownloader(harness, '/youtube-downloader');
    const windows = trackWindows(context);
    await page.getByRole('textbox', { name: 'YouTube link 1' }).fill(harness.site.url('/a.mp4'));
    const before = harness.sponsors.count('/sponsor/');

    await mainButton(page).click();
    await page.getByText('Download (2 clicks to start)').waitFor();
    expect(await stored(page)).toMatchObject({
      [keys.clickCount]: '1',
      [keys.complete]: 'false',
      [keys.platformType]: 'regular',
      [keys.conversionMode]: 'false',
    });
    expect((await stored(page))[keys.sessionId]).toMatch(/^\d+-[a-z0-9]+$/);
    await expect.poll(() => windows.opened.length).toBe(1); // click 1: the direct link in a new tab
    expect(await frames(page)).toBe(1);
    expect(await page.locator('head script[data-sponsor-script]').count()).toBe(1);
    // The strip shows count / required.
    expect(await mainButton(page).locator('[data-gate-strip]').getAttribute('style')).toContain('33.3');

    await mainButton(page).click();
    await page.getByText('Download (1 click to start)').waitFor();
    await expect.poll(() => windows.opened.length).toBe(2); // click 2: the tiny off-screen window...
    await expect.poll(() => windows.closed(), { timeout: 5000 }).toBe(1); // ...closed after 2 s

    await mainButton(page).click(); // click 3 completes the gate and starts the download
    await expect.poll(() => windows.opened.length).toBe(3);
    await waitForStatus(page, 0, 'completed');
    // Each hidden frame goes after 3 s; the pop-under script was loaded once.
    await expect.poll(() => frames(page), { timeout: 6000 }).toBe(0);
    expect(await page.locator('head script[data-sponsor-script]').count()).toBe(1);
    expect(await page.evaluate(() => (window as { __popunderRuns?: number }).__popunderRuns)).toBe(1);
    // Reset 100 ms after the finished download.
    await expect.poll(async () => (await stored(page))[keys.clickCount]).toBe('0');
    await page.getByText('Download (3 clicks to start)').waitFor();
    // Regular settings only: 2 tabs + 1 tiny window + 3 frames of the regular sponsor page.
    expect(harness.sponsors.count('/sponsor/regular.html')).toBeGreaterThanOrEqual(before + 6);
    expect(harness.sponsors.count('/sponsor/adult')).toBe(0);

    // Queue items: 2 clicks, with the conversion flag set (a change that restarts the count).
    const save = queueItems(page).first().getByRole('button');
    await save.filter({ hasText: 'Download (2 clicks to start)' }).click();
    expect(await stored(page)).toMatchObject({ [keys.clickCount]: '1', [keys.conversionMode]: 'true' });
    const download = page.waitForEvent('download');
    await save.filter({ hasText: 'Download (1 click to start)' }).click();
    await download;
    await expect.poll(async () => (await stored(page))[keys.clickCount]).toBe('0');
    await context.close();
  });
});

describe('click-gate on an adult page', () => {
  it('resets the count when the platform type changes and uses the adult sponsor settings', async () => {
    const { context, page } = await openDownloader(harness, '/youtube-downloader');
    await page.getByRole('textbox', { name: 'YouTube link 1' }).fill(harness.site.url('/a.mp4'));
    // The regular page's sponsor tab from this click may arrive late under load: wait for it so
    // that only the adult page's windows are counted below.
    const regularTab = context.waitForEvent('page');
    await mainButton(page).click();
    await regularTab;
    expect((await stored(page))[keys.clickCount]).toBe('1');
    const windows = trackWindows(context);
    const adultBefore = harness.sponsors.count('/sponsor/adult.html');

    await page.goto(`${harness.server.url}/pornhub-downloader`);
    await page.locator('[data-testid="downloader-page"][data-ready="true"]').waitFor();
    await page.getByText('Download (3 clicks to start)').waitFor();
    expect(await stored(page)).toMatchObject({ [keys.clickCount]: '0', [keys.platformType]: 'adult' });

    await page.getByRole('textbox', { name: 'Pornhub link 1' }).fill(harness.site.url('/a.mp4'));
    await mainButton(page).click();
    await expect.poll(() => windows.opened.length).toBe(1);
    await page.locator('head script[src$="/sponsor/adult.js"]').waitFor({ state: 'attached' });
    await expect
      .poll(() => harness.sponsors.count('/sponsor/adult.html'))
      .toBeGreaterThanOrEqual(adultBefore + 2);
    expect(windows.opened[0]?.url()).toContain('/sponsor/adult.html');
    await context.close();
  });
});
