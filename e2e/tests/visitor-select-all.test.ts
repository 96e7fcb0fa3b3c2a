// "Select all" on a playlist of 30, at the shipped limits, on a desktop and a phone: every video is
// selected with one tick, the selection is saved as one zip of 30 files behind one gate (the
// queue item's 2 clicks, once for the whole zip), and saving the finished zip again does not ask
// again: its button says what it does ("Save zip (30 files)") and saves at the first click. A
// single file's save passes the gate once too: its second save asks for nothing.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  clickThroughGate,
  mainButton,
  openDownloader,
  queueItems,
  useDownloaderHarness,
} from '../support/downloader';
import { severeViolations } from '../support/axe';
import { useTempDir } from '../support/session';
import { visitorViewports } from '../support/viewports';

const harness = useDownloaderHarness();
const saveDir = useTempDir('grabbit-e2e-select-all-');

const zipEntries = (file: string) => execFileSync('unzip', ['-Z1', file]).toString().trim().split('\n');

describe.each(visitorViewports)('saves behind one gate (%s)', (name, viewport) => {
  it(
    'selects all, passes one gate, saves one zip, and saves it again without a gate',
    { timeout: 240_000 },
    async () => {
      const { context, page } = await openDownloader(harness, '/youtube-downloader', { viewport });
      await page
        .getByRole('textbox', { name: 'YouTube link 1' })
        .fill(harness.site.url('/feed-30.xml?list=PL30'));
      await clickThroughGate(mainButton(page), 3, 'Download');
      await page.getByText('30 videos found!').waitFor({ timeout: 60_000 });

      await page.getByLabel('Select all (30)').check();
      expect(
        await page
          .getByRole('checkbox', { name: /^Select / })
          .and(page.locator(':checked'))
          .count(),
      ).toBe(31);
      // The selection's checkboxes and bar are as accessible as the rest of the page.
      expect(await severeViolations(page)).toEqual([]);
      const zipButton = page.getByTestId('zip-selection-button');
      const firstSave = page.waitForEvent('download', { timeout: 180_000 });
      await clickThroughGate(zipButton, 2, 'Download');
      // One item stands for the 30 videos; its zip is saved once the batch is done.
      await expect.poll(() => queueItems(page).count()).toBe(1);
      const zip = await firstSave;
      const target = path.join(saveDir, `${name}-first.zip`);
      await zip.saveAs(target);
      expect(zipEntries(target)).toHaveLength(30);

      // The zip's gate was passed: its save button asks for nothing and saves at once.
      const save = queueItems(page).first().getByRole('button', { name: 'Save zip (30 files)' });
      await save.waitFor();
      expect(await save.getAttribute('data-gate-left')).toBeNull();
      const secondSave = page.waitForEvent('download');
      await save.click();
      const again = path.join(saveDir, `${name}-again.zip`);
      await (await secondSave).saveAs(again);
      expect(zipEntries(again)).toHaveLength(30);
      await context.close();
    },
  );

  it('a finished file saved once saves again without asking', { timeout: 120_000 }, async () => {
    const { context, page } = await openDownloader(harness, '/youtube-downloader', { viewport });
    await page.getByRole('textbox', { name: 'YouTube link 1' }).fill(harness.site.url('/a.mp4'));
    await clickThroughGate(mainButton(page), 3, 'Download');
    const item = queueItems(page).first();
    await item.and(page.locator('[data-status="completed"]')).waitFor({ timeout: 60_000 });
    const first = page.waitForEvent('download');
    await clickThroughGate(item.getByRole('button'), 2, 'Download');
    expect((await first).suggestedFilename()).toMatch(/\.mp4$/);
    const save = item.getByRole('button', { name: 'Save MP4' });
    await save.waitFor();
    expect(await save.getAttribute('data-gate-left')).toBeNull();
    const second = page.waitForEvent('download');
    await save.click();
    expect((await second).suggestedFilename()).toMatch(/\.mp4$/);
    await context.close();
  });
});
