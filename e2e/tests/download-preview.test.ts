// The preview on the downloader page in Chromium against the real server and yt-dlp: a pasted
// link shows its title and three qualities with sizes, the picked 360p is what is saved, the
// trim and pickers work on a phone with the keyboard, and shared links land on the right page.
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { clickThroughGate, mainButton, openDownloader, useDownloaderHarness } from '../support/downloader';
import { severeViolations } from '../support/axe';
import { useTempDir } from '../support/session';

const harness = useDownloaderHarness({ preview: true });
const saveDir = useTempDir('grabbit-e2e-preview-');

const heightOf = (file: string) =>
  Number(
    execFileSync('ffprobe', [
      ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=height', '-of', 'csv=p=0', file],
    ])
      .toString()
      .trim(),
  );

describe('preview on /youtube-downloader', () => {
  it('shows the title and three qualities with sizes; the picked 360p is the saved file', async () => {
    const { context, page } = await openDownloader(harness, '/youtube-downloader');
    await page.getByRole('textbox', { name: 'YouTube link 1' }).fill(harness.site.url('/preview/clip.html'));
    await page.getByTestId('preview-title').filter({ hasText: 'Preview clip' }).waitFor({ timeout: 60_000 });
    const picker = page.getByRole('combobox', { name: 'Quality' });
    await picker.click();
    const labels = await page.getByRole('listbox').getByRole('option').allTextContents();
    expect(labels).toEqual([
      'Best available',
      expect.stringMatching(/^1080p · about \d+\.\d MB$/),
      expect.stringMatching(/^720p · about \d+\.\d MB$/),
      expect.stringMatching(/^360p · about \d+\.\d MB$/),
    ]);
    expect(await page.getByTestId('preview-thumbnail').getAttribute('src')).toMatch(
      /\/api\/download\/thumbnail\//,
    );
    await page.getByRole('option', { name: /^360p/ }).click();
    await expect.poll(() => picker.textContent()).toMatch(/^360p/);
    await clickThroughGate(mainButton(page), 3, 'Download');

    const item = page.getByTestId('queue-item').first();
    await item.getByTestId('queue-quality').filter({ hasText: '360p' }).waitFor();
    expect(await item.locator('img').getAttribute('src')).toMatch(/\/api\/download\/thumbnail\//);
    await item.and(page.locator('[data-status="completed"]')).waitFor({ timeout: 60_000 });
    const downloadPromise = page.waitForEvent('download');
    await clickThroughGate(item.getByRole('button'), 2, 'Download');
    const download = await downloadPromise;
    const target = path.join(saveDir, download.suggestedFilename());
    await download.saveAs(target);
    expect(heightOf(target)).toBe(360);
    await context.close();
  });

  it('works on a phone with the keyboard: labelled pickers, trim with the clip length', async () => {
    const { context, page } = await openDownloader(harness, '/youtube-downloader', {
      viewport: { width: 375, height: 740 },
    });
    await page.getByRole('textbox', { name: 'YouTube link 1' }).fill(harness.site.url('/preview/subs.html'));
    await page.getByTestId('preview-card').waitFor({ timeout: 60_000 });
    await page.getByRole('combobox', { name: 'Subtitles' }).waitFor();
    await page.getByRole('spinbutton', { name: 'Start' }).focus();
    await page.keyboard.type('0.5');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('trim-end');
    await page.keyboard.type('1.5');
    await page.getByText('Clip length: 0:01').waitFor();
    // Nothing wider than the phone's screen, and no serious accessibility problem in the card.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await severeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('shared links', () => {
  it('/?url=<youtube link> lands on the YouTube page with the link filled in', async () => {
    const context = await harness.browser.newContext();
    const page = await context.newPage();
    const link = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    await page.goto(`${harness.server.url}/?url=${encodeURIComponent(link)}`);
    await page.waitForURL(/\/youtube-downloader\?url=/, { timeout: 45_000 });
    await page.locator('[data-testid="downloader-page"][data-ready="true"]').waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'YouTube link 1' }).inputValue()).toBe(link);
    await context.close();
  });

  it('every page head names the manifest, whose share target and icons are served', async () => {
    const context = await harness.browser.newContext();
    const page = await context.newPage();
    for (const route of ['/', '/youtube-downloader', '/tiktok-downloader']) {
      await page.goto(`${harness.server.url}${route}`);
      expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    }
    const manifest = (await (await fetch(`${harness.server.url}/manifest.webmanifest`)).json()) as {
      share_target: { action: string; params: { url: string } };
      icons: { src: string; purpose: string }[];
    };
    expect(manifest.share_target).toMatchObject({ action: '/', params: { url: 'url' } });
    for (const icon of manifest.icons) {
      const answer = await fetch(`${harness.server.url}${icon.src}`);
      expect(answer.headers.get('content-type')).toBe('image/png');
    }
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    await context.close();
  });
});
