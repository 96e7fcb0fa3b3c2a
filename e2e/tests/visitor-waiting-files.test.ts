// The waiting-files limit, lowered to one file so one download reaches it (the shipped 20 would take
// twenty): a new download refused for it names the file that waits, which stays listed after the
// new run, and once that file is deleted a Retry downloads the new link.
import { describe, expect, it } from 'vitest';
import {
  clickThroughGate,
  mainButton,
  openDownloader,
  queueItems,
  useDownloaderHarness,
} from '../support/downloader';

const harness = useDownloaderHarness({ env: { RESULTS_MAX_WAITING_PER_CLIENT: '1' } });

describe('the waiting-files limit', () => {
  it('names the file that waits, and a Retry works once it is deleted', { timeout: 180_000 }, async () => {
    const { context, page } = await openDownloader(harness, '/vimeo-downloader');
    const row = page.getByRole('textbox', { name: 'Vimeo link 1' });
    await row.fill(harness.site.url('/a.mp4?wait=1'));
    await clickThroughGate(mainButton(page), 3, 'Download');
    const done = queueItems(page).and(page.locator('[data-status="completed"]'));
    await done.waitFor({ timeout: 90_000 });

    await row.fill(harness.site.url('/a.mp4?wait=2'));
    await clickThroughGate(mainButton(page), 3, 'Download');
    const refused = queueItems(page).and(page.locator('[data-status="error"]'));
    await refused.waitFor({ timeout: 60_000 });
    // The first file is named (it is an MP4), with what to do about it.
    expect(await refused.getByTestId('waiting-files').textContent()).toMatch(
      /^Waiting for you: [^,]+\.mp4\. Save or delete them below\.$/,
    );

    await done.getByRole('button', { name: /^Delete/ }).click();
    await expect.poll(() => queueItems(page).count(), { timeout: 15_000 }).toBe(1);
    await refused.getByRole('button', { name: 'Retry' }).click();
    await queueItems(page).and(page.locator('[data-status="completed"]')).waitFor({ timeout: 90_000 });
    await context.close();
  });
});
