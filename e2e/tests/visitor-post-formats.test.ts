// The format choice on a page that lists a post's items (Instagram here, as on TikTok, Reddit and
// Facebook posts): offered and explained, applied to each video item (MP3 keeps only the sound),
// on a desktop and a phone viewport, with the real server and yt-dlp at the shipped limits.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  clickThroughGate,
  mainButton,
  openDownloader,
  probe,
  queueItems,
  useDownloaderHarness,
  waitForStatus,
} from '../support/downloader';
import { useTempDir } from '../support/session';
import { visitorViewports } from '../support/viewports';

const harness = useDownloaderHarness();
const saveDir = useTempDir('grabbit-e2e-post-formats-');

describe.each(visitorViewports)('a post downloaded as MP3 (%s)', (name, viewport) => {
  it("offers the format, says what it does, and saves the item's sound as MP3", async () => {
    const { context, page } = await openDownloader(harness, '/instagram-downloader', { viewport });
    await page.getByRole('textbox', { name: 'Instagram link 1' }).fill(harness.site.url('/post.html'));
    const format = page.getByRole('combobox', { name: 'Format' });
    await page.getByText('Applies to every video of a post').waitFor();
    await format.click();
    await page.getByRole('option', { name: 'MP3 (audio)' }).click();
    await expect.poll(() => format.textContent()).toContain('MP3');
    await clickThroughGate(mainButton(page), 3, 'Download');
    await page.getByText('3 files ready!').waitFor({ timeout: 60_000 });
    const item = queueItems(page).first();
    await clickThroughGate(item.getByRole('button'), 2, 'Download');
    await waitForStatus(page, 0, 'completed');
    const saved = page.waitForEvent('download');
    await clickThroughGate(item.getByRole('button'), 2, 'Download');
    const download = await saved;
    expect(download.suggestedFilename()).toMatch(/\.mp3$/);
    const target = path.join(saveDir, `${name}-${download.suggestedFilename()}`);
    await download.saveAs(target);
    const info = probe(target);
    expect(info.format).toBe('mp3');
    expect(info.streams).toEqual(['audio']);
    await context.close();
  });
});
