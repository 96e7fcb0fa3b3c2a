// Keyboard focus on the tool pages, as a keyboard or screen-reader visitor needs it: it never falls
// to the page body. After the last gate click it goes to the queue, where the result appears; after
// removing a file to the next file's button (or the drop zone's); when a conversion ends it stays
// where it was and the outcome is said in a polite live region. Desktop and phone, shipped limits.
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mainButton, openDownloader, useDownloaderHarness } from '../support/downloader';
import { visitorViewports } from '../support/viewports';
import { chooseFiles, convertButton, makePng, openConverter, useFixtureDir } from './convert-support';

const harness = useDownloaderHarness();
const dir = useFixtureDir();

/** What has focus: its accessible label, its text, or the tool-page part it is. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    const part = active.getAttribute('data-tool-part');
    return part ? `part:${part}` : (active.getAttribute('aria-label') ?? active.textContent?.trim() ?? '');
  });

/** Presses a gated button from the keyboard until its action runs (its label loses the count). */
async function pressThroughGate(page: Page, button: Locator, clicks: number): Promise<void> {
  await button.focus();
  for (let left = clicks; left >= 1; left -= 1) {
    await button.filter({ hasText: `(${left} click${left === 1 ? '' : 's'} to start)` }).waitFor();
    await page.keyboard.press('Enter');
  }
}

async function converterWithFiles(viewport: { width: number; height: number }, names: string[]) {
  const context = await harness.browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  await openConverter(page, harness.server.url, '/png-converter');
  const files = await Promise.all(names.map((name) => makePng(path.join(dir, name), 4, 4, 'blue')));
  await chooseFiles(page, files);
  return { context, page };
}

describe.each(visitorViewports)('focus on the tool pages (%s)', (_name, viewport) => {
  it('moves to the next file, then the drop zone, when files are removed', async () => {
    const { context, page } = await converterWithFiles(viewport, ['a.png', 'b.png', 'c.png']);
    const remove = (name: string) => page.getByRole('button', { name: `Remove ${name}`, exact: true });
    await remove('a.png').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('Remove b.png');
    // The last file's button hands focus to the file before it.
    await remove('c.png').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('Remove b.png');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('Browse files');
    await context.close();
  });

  it('goes to the queue after the last gate click and stays there when the conversion ends', async () => {
    const { context, page } = await converterWithFiles(viewport, ['one.png']);
    await pressThroughGate(page, convertButton(page), 3);
    await expect.poll(() => focused(page)).toBe('part:queue');
    const outcome = page.getByTestId('conversion-outcome');
    expect(await outcome.getAttribute('role')).toBe('status');
    await outcome.filter({ hasText: 'Successfully converted 1 file.' }).waitFor({ timeout: 60_000 });
    expect(await focused(page)).toBe('part:queue');

    // Removing the only row of the queue hands focus to the drop zone.
    await page.getByRole('button', { name: 'Remove one.png from the queue' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('Browse files');
    await context.close();
  });

  it('goes to the queue after the downloader gate, and stays on a save button after its gate', async () => {
    const { context, page } = await openDownloader(harness, '/vimeo-downloader', { viewport });
    await page.getByRole('textbox', { name: 'Vimeo link 1' }).fill(harness.site.url('/a.mp4'));
    await pressThroughGate(page, mainButton(page), 3);
    await expect.poll(() => focused(page)).toBe('part:queue');
    const item = page.getByTestId('queue-item').first();
    await item.and(page.locator('[data-status="completed"]')).waitFor({ timeout: 60_000 });
    // Still there once the download is done (and the main button renewed): one Tab to the save button.
    expect(await focused(page)).toBe('part:queue');
    await page.keyboard.press('Tab');
    // The save button, not the Delete a finished file also has.
    const save = item.getByRole('button').filter({ hasNotText: /^Delete/ });
    expect(await save.evaluate((button) => button === document.activeElement)).toBe(true);
    const download = page.waitForEvent('download');
    await pressThroughGate(page, save, 2);
    await download;
    await expect.poll(() => save.evaluate((button) => button === document.activeElement)).toBe(true);
    await context.close();
  });
});
