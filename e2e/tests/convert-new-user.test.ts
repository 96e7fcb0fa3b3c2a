// The converter and downloader pages as a new visitor finds them, in Chromium against the real
// server: the gated buttons say what they do, the collapsed Options panel changes the result, a
// conversion over the server's wait (tiny here) is followed as a job to its result, and early
// refusals of an upload (413, 400) reach the browser as a status with its message, every time.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickThroughGate, mainButton, openDownloader, useDownloaderHarness } from '../support/downloader';
import { collectConsoleErrors } from '../support/page';
import {
  chooseFiles,
  convertButton,
  identify,
  makePng,
  openConverter,
  queueStatuses,
  startConversion,
  useFixtureDir,
} from './convert-support';

const capBytes = 256 * 1024;
const harness = useDownloaderHarness({
  env: {
    CONVERT_SYNC_WAIT_SECONDS: '0.001',
    CONVERT_MAX_UPLOAD_BYTES: String(capBytes),
    // The early-refusal checks send 100 uploads straight from the page's own fetch in well under a
    // minute (each counts as an API call and a job start); what they test is that every refusal
    // reaches the browser, not pacing (its own tests run at the shipped limits).
    RATE_LIMIT_API_PER_MINUTE: '1000',
    RATE_LIMIT_JOBS_PER_MINUTE: '1000',
  },
});
const dir = useFixtureDir();

async function converterPage(route: string): Promise<Page> {
  const context = await harness.browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await openConverter(page, harness.server.url, route);
  return page;
}

describe('gated button labels', () => {
  it('reads Download on the downloader page and its queue items, Convert on the converter', async () => {
    const { context, page } = await openDownloader(harness, '/youtube-downloader');
    const errors = collectConsoleErrors(page);
    await mainButton(page).filter({ hasText: 'Download (3 clicks to start)' }).waitFor();
    await page.getByRole('textbox', { name: 'YouTube link 1' }).fill(harness.site.url('/a.mp4'));
    await clickThroughGate(mainButton(page), 3, 'Download');
    const item = page.getByTestId('queue-item').first();
    await item.and(page.locator('[data-status="completed"]')).waitFor({ timeout: 60_000 });
    await item.getByRole('button').filter({ hasText: 'Download (2 clicks to start)' }).waitFor();
    expect(errors.messages).toEqual([]);
    await context.close();

    const converter = await converterPage('/png-converter');
    const converterErrors = collectConsoleErrors(converter);
    await chooseFiles(converter, [await makePng(path.join(dir, 'label.png'), 8, 8, 'red')]);
    await convertButton(converter).filter({ hasText: 'Convert (3 clicks to start)' }).waitFor();
    expect(converterErrors.messages).toEqual([]);
    await converter.context().close();
  });
});

describe('options and long conversions', () => {
  it('applies the collapsed Options panel and follows a long conversion to its result', async () => {
    const page = await converterPage('/png-converter');
    const errors = collectConsoleErrors(page);
    const jobReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/jobs/')) jobReads.push(request.url());
    });
    const panel = page.getByTestId('conversion-options');
    expect(await panel.getAttribute('open')).toBeNull();
    expect(await panel.textContent()).toContain('Metadata is removed by default for privacy.');
    await panel.getByText('Options', { exact: true }).click();
    await page.getByLabel('Maximum width (pixels)').fill('16');
    await page.getByRole('combobox', { name: 'Quality' }).click();
    await page.getByRole('option', { name: 'Small (smallest files)' }).click();

    await chooseFiles(page, [await makePng(path.join(dir, 'wide.png'), 64, 32, 'green')]);
    await startConversion(page);
    await expect.poll(() => queueStatuses(page), { timeout: 60_000 }).toEqual(['Completed']);
    // The server answered with a job (its wait is 1 ms here) and the page followed it.
    expect(jobReads.length).toBeGreaterThan(0);

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Save JPG wide.jpg' }).click();
    const download = await downloadPromise;
    const saved = path.join(dir, 'saved-wide.jpg');
    await download.saveAs(saved);
    expect(await identify(saved)).toBe('JPEG 16x8');
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });
});

describe.each([
  { outputFormat: 'jpg', status: 413, message: 'The file exceeds the maximum file size of 256KB.' },
  { outputFormat: 'xyz', status: 400, message: 'Converting IMAGE to XYZ is not supported.' },
])('an early $status', ({ outputFormat, status, message }) => {
  it('reaches Chromium with its message 50 times in a row', async () => {
    const context = await harness.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${harness.server.url}/health`);
    const answers = await page.evaluate(
      async ({ outputFormat, size }) => {
        const seen: string[] = [];
        for (let attempt = 0; attempt < 50; attempt += 1) {
          const form = new FormData();
          form.append('OutputFormat', outputFormat);
          form.append('InputFile', new Blob([new Uint8Array(size)]), 'big.png');
          try {
            const response = await fetch('/api/convert/image', {
              method: 'POST',
              body: form,
              signal: AbortSignal.timeout(15_000),
            });
            seen.push(`${response.status} ${((await response.json()) as { Error: string }).Error}`);
          } catch (error) {
            seen.push(`failed: ${String(error)}`);
          }
        }
        return seen;
      },
      { outputFormat, size: capBytes * 4 },
    );
    expect(answers).toEqual(Array.from({ length: 50 }, () => `${status} ${message}`));
    await context.close();
  });
});
