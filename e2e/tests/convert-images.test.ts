// The image converter pages in Chromium against the real server and engines: a batch of PNGs to
// JPG saved in one zip with Download All, the size limit toasts, and a refused file showing the server's message.
import { readdir, readFile, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { startServerAndBrowser } from '../support/session';
import {
  chooseFiles,
  identify,
  makePng,
  openConverter,
  queueStatuses,
  run,
  startConversion,
  toast,
  toastDescription,
  useFixtureDir,
} from './convert-support';

const session = startServerAndBrowser();
let context: BrowserContext;
let page: Page;
const dir = useFixtureDir();

beforeEach(async () => {
  await context?.close();
  context = await session.browser.newContext({ acceptDownloads: true });
  page = await context.newPage();
});

describe('PNG converter', () => {
  it('converts three PNGs to JPG in parallel and saves them all in one zip with Download All', async () => {
    const files = await Promise.all([
      makePng(path.join(dir, 'red.png'), 64, 48, 'red'),
      makePng(path.join(dir, 'green.png'), 48, 64, 'green'),
      makePng(path.join(dir, 'blue.png'), 32, 32, 'blue'),
    ]);
    await openConverter(page, session.server.url, '/png-converter');
    // The dropdown defaults to the page's first output, JPG.
    await expect.poll(() => page.getByLabel('Output format').textContent()).toBe('JPG');
    await chooseFiles(page, files);
    const selected = page.getByRole('region', { name: 'Selected files' });
    await expect.poll(() => selected.getByRole('listitem').count()).toBe(3);
    // Tiny files: bytes under 1 KB, else KB.
    expect(await selected.textContent()).toMatch(/\d+(\.\d)? (KB|bytes)/);
    expect(await selected.textContent()).not.toContain('0.0 MB');

    await startConversion(page);
    await expect
      .poll(() => queueStatuses(page), { timeout: 30_000 })
      .toEqual(['Completed', 'Completed', 'Completed']);
    expect(await toastDescription(page, 'Batch conversion completed')).toBe(
      'Successfully converted 3 files.',
    );
    // The selection is cleared after the batch; the queue keeps the results.
    expect(await selected.count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Conversion Queue (3)' }).count()).toBe(1);

    // One zip, named after the page, with every completed file.
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download All (3)' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('png-converter.zip');
    const zip = path.join(dir, 'all.zip');
    await download.saveAs(zip);
    const unpacked = path.join(dir, 'unpacked');
    await run('unzip', ['-q', '-o', zip, '-d', unpacked]);
    const names = (await readdir(unpacked)).sort();
    expect(names).toEqual(['blue.jpg', 'green.jpg', 'red.jpg']);
    const saved = await Promise.all(
      names.map(async (name) => {
        const target = path.join(unpacked, name);
        const bytes = await readFile(target);
        return { name, magic: bytes.subarray(0, 3).toString('hex'), image: await identify(target) };
      }),
    );
    expect(saved).toEqual([
      { name: 'blue.jpg', magic: 'ffd8ff', image: 'JPEG 32x32' },
      { name: 'green.jpg', magic: 'ffd8ff', image: 'JPEG 48x64' },
      { name: 'red.jpg', magic: 'ffd8ff', image: 'JPEG 64x48' },
    ]);

    // Clearing the queue removes every item.
    await page.getByRole('button', { name: 'Clear Queue' }).click();
    expect(await page.getByTestId('conversion-queue-item').count()).toBe(0);
  });

  it("shows the server's message when it refuses a file", async () => {
    const fake = path.join(dir, 'notes.png');
    await writeFile(fake, 'this is plain text, not a picture\n');
    // What the server answers for this file, asked directly.
    const form = new FormData();
    form.append('OutputFormat', 'jpg');
    form.append('Quality', 'high');
    form.append('InputFile', new Blob([await readFile(fake)], { type: 'image/png' }), 'notes.png');
    const answer = await fetch(`${session.server.url}/api/convert/image`, { method: 'POST', body: form });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    const { Error: serverMessage } = (await answer.json()) as { Error: string };
    expect(serverMessage.length).toBeGreaterThan(0);

    await openConverter(page, session.server.url, '/png-converter');
    await chooseFiles(page, [fake, await makePng(path.join(dir, 'fine.png'), 16, 16, 'white')]);
    await startConversion(page);
    await expect
      .poll(() => queueStatuses(page), { timeout: 30_000 })
      .toEqual([`Failed: ${serverMessage}`, 'Completed']);
    expect(await toastDescription(page, 'Batch conversion completed with errors')).toBe(
      '1 file converted successfully, 1 failed.',
    );
    // Only the completed item can be saved.
    expect(await page.getByRole('button', { name: 'Download All (1)' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: /Save/ }).count()).toBe(1);
  });
});

describe('size limits', () => {
  it('skips a file over the page limit with the File too large toast, then No valid files', async () => {
    // The ICO page takes up to 10MB; a sparse file costs nothing on disk.
    const big = path.join(dir, 'huge.ico');
    await writeFile(big, '');
    await truncate(big, 10 * 1024 ** 2 + 1);
    await openConverter(page, session.server.url, '/ico-converter');
    await chooseFiles(page, [big]);
    await startConversion(page);
    expect(await toastDescription(page, 'File too large')).toBe(
      'huge.ico exceeds the maximum file size of 10MB.',
    );
    expect(await toastDescription(page, 'No valid files')).toBe(
      'All selected files were invalid or too large.',
    );
    // Nothing was queued or uploaded.
    expect(await page.getByTestId('conversion-queue-item').count()).toBe(0);
    expect(await toast(page, 'Batch conversion completed').count()).toBe(0);
  });
});
