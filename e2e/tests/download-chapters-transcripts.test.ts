// The preview card's chapters and transcripts in Chromium against the real server and yt-dlp: a
// fixture video's chapter list, a chapter picked with the keyboard as the trim (the saved file
// lasts the chapter, read by ffprobe), the video saved as one file per chapter (a zip), its
// captions saved as Markdown with timestamps, and a video without captions that says so instead
// of offering a transcript.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { withUnzipped } from '../../apps/server/test/support/download-app';
import { previewChapters } from '../../apps/server/test/support/preview-fixtures';
import { severeViolations } from '../support/axe';
import {
  clickThroughGate,
  mainButton,
  openDownloader,
  queueItems,
  useDownloaderHarness,
} from '../support/downloader';
import { useTempDir } from '../support/session';
import { desktop } from '../support/viewports';

const harness = useDownloaderHarness({ preview: true });
const saveDir = useTempDir('grabbit-e2e-chapters-');

const durationOf = (file: string) =>
  Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file])
      .toString()
      .trim(),
  );

async function showPreview(page: Page, pathname: string, title: string): Promise<void> {
  await page.getByRole('textbox', { name: 'YouTube link 1' }).fill(harness.site.url(pathname));
  await page.getByTestId('preview-title').filter({ hasText: title }).waitFor({ timeout: 90_000 });
}

/** Starts the download, waits for the new queue item to finish and saves its file. */
async function downloadToDisk(page: Page): Promise<string> {
  await clickThroughGate(mainButton(page), 3, 'Download');
  const item = queueItems(page).last();
  await item
    .and(page.locator('[data-status="completed"], [data-status="error"]'))
    .waitFor({ timeout: 240_000 });
  expect(await item.getAttribute('data-status'), await item.innerText()).toBe('completed');
  const downloadPromise = page.waitForEvent('download');
  await clickThroughGate(item.getByRole('button'), 2, 'Download');
  const download = await downloadPromise;
  const target = path.join(saveDir, download.suggestedFilename());
  await download.saveAs(target);
  return target;
}

describe('chapters in the preview', () => {
  it(
    'on a phone: lists the chapters, one picked with the keyboard is the trim and the saved clip',
    {
      timeout: 300_000,
    },
    async () => {
      const { context, page } = await openDownloader(harness, '/youtube-downloader', {
        viewport: { width: 360, height: 640 },
      });
      await showPreview(page, '/preview/chaptered.html', 'Chaptered talk');
      const list = page.getByTestId('chapter-list');
      expect(await list.getByTestId('chapter-title').allTextContents()).toEqual(
        previewChapters.map((c) => c.title),
      );
      expect(await list.getByTestId('chapter-start').allTextContents()).toEqual(['0:00', '0:03', '0:07']);
      const main = page.getByRole('button', { name: /^Trim to this chapter: Main part, 0:03 to 0:07$/ });
      await main.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('trim-start').inputValue()).toBe('3');
      expect(await page.getByTestId('trim-end').inputValue()).toBe('7');
      await page.getByText('Clip length: 0:04').waitFor();
      expect(await main.getAttribute('aria-pressed')).toBe('true');
      // Nothing wider than the phone's screen, and no serious accessibility problem in the card.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(await severeViolations(page)).toEqual([]);

      const file = await downloadToDisk(page);
      expect(durationOf(file)).toBeCloseTo(4, 0);
      await context.close();
    },
  );
});

describe('one file per chapter', () => {
  it(
    'saves a zip of the chapters, named in order by their titles',
    {
      timeout: 300_000,
    },
    async () => {
      const { context, page } = await openDownloader(harness, '/youtube-downloader', { viewport: desktop });
      await showPreview(page, '/preview/chaptered.html', 'Chaptered talk');
      await page.getByRole('checkbox', { name: /^One file per chapter/ }).check();
      // The chapters are the whole video's: no trim beside them.
      expect(await page.getByTestId('trim-start').count()).toBe(0);
      const file = await downloadToDisk(page);
      expect(path.extname(file)).toBe('.zip');
      await withUnzipped(readFileSync(file), async (names) => {
        expect(names).toEqual(previewChapters.map((c, i) => `0${i + 1} ${c.title}.mp4`));
      });
      await context.close();
    },
  );
});

describe('transcripts from the preview', () => {
  it(
    'saves the captions as Markdown with timestamps; a video without any says so',
    {
      timeout: 300_000,
    },
    async () => {
      const { context, page } = await openDownloader(harness, '/youtube-downloader', { viewport: desktop });
      await showPreview(page, '/preview/chaptered.html', 'Chaptered talk');
      await page.getByRole('combobox', { name: 'Save a transcript' }).click();
      await page.getByRole('option', { name: 'Markdown with timestamps (.md)' }).click();
      // The one language the site offers is picked; the video's own choices step aside.
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Transcript language' }).textContent())
        .toBe('en');
      expect(await page.getByTestId('trim-start').count()).toBe(0);
      expect(await severeViolations(page)).toEqual([]);

      const file = await downloadToDisk(page);
      expect(path.extname(file)).toBe('.md');
      expect(readFileSync(file, 'utf8')).toBe(
        '# Chaptered talk\n\n**[00:00]** hello there friends this is a test.\n\n**[00:02]** Goodbye & thanks!\n',
      );

      await showPreview(page, '/preview/clip.html', 'Preview clip');
      await page
        .getByTestId('transcript-none')
        .filter({ hasText: 'This video has no subtitles or automatic captions' })
        .waitFor();
      expect(await page.getByRole('combobox', { name: 'Save a transcript' }).count()).toBe(0);
      await context.close();
    },
  );
});
