// Large files on the converter page go up as resumable uploads (tus) in several chunks, then
// convert by id; a reload in the middle of the upload resumes it from the server's offset when the
// same file is chosen again. At the shipped limits; only the chunk size is made small (1 MiB, the
// server's UPLOAD_CHUNK_BYTES) so a test file of a few MB takes several chunks.
import { stat } from 'node:fs/promises';
import type { Page, Request, Route } from 'playwright-core';
import { apiRoutes } from '@grabbit/contracts/api-paths';
import { resumableFromBytes } from '@grabbit/contracts/resumable-uploads';
import { describe, expect, it } from 'vitest';
import { makeAudio } from '../../apps/server/test/support/media-fixtures';
import { startServerAndBrowser } from '../support/session';
import { chooseFiles, openConverter, queueStatuses, startConversion, useFixtureDir } from './convert-support';

const chunkBytes = 1024 ** 2;
const session = startServerAndBrowser({ UPLOAD_CHUNK_BYTES: String(chunkBytes) });
const dir = useFixtureDir();

const isUploadCall = (url: URL) => url.pathname.startsWith(apiRoutes.uploads);
const isChunk = (request: Request) => request.method() === 'PATCH' && isUploadCall(new URL(request.url()));
const isCreation = (request: Request) => request.method() === 'POST' && isUploadCall(new URL(request.url()));

/** 40 s of WAV: about 7 MB, over the page's threshold for resumable uploads. */
async function largeWav(name: string): Promise<string> {
  return makeAudio(dir, name, 40);
}

async function convertToMp3(page: Page, file: string): Promise<void> {
  await page.getByLabel('Output format').click();
  await page.getByRole('option', { name: 'MP3', exact: true }).click();
  await chooseFiles(page, [file]);
  await startConversion(page);
}

describe('WAV converter with a large file', () => {
  it('uploads the file in several chunks and converts it', async () => {
    const wav = await largeWav('long.wav');
    const context = await session.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    const chunks: Request[] = [];
    page.on('request', (request) => {
      if (isChunk(request)) chunks.push(request);
    });
    await openConverter(page, session.server.url, '/wav-converter');
    await convertToMp3(page, wav);
    await expect.poll(() => queueStatuses(page), { timeout: 90_000 }).toEqual(['Completed']);
    const { size } = await stat(wav);
    expect(size).toBeGreaterThan(resumableFromBytes);
    expect(chunks.length).toBeGreaterThanOrEqual(Math.ceil(size / chunkBytes));
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: /Save/ }).click();
    expect((await download).suggestedFilename()).toBe('long.mp3');
    await context.close();
  });

  it('resumes the upload after a reload of the page', async () => {
    const wav = await largeWav('again.wav');
    const context = await session.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    // Two chunks go through; the third is held, so the reload lands in the middle of the upload.
    let passed = 0;
    let held: Route | undefined;
    await page.route(isUploadCall, async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      if (passed < 2) {
        passed += 1;
        return route.continue();
      }
      held = route;
    });
    await openConverter(page, session.server.url, '/wav-converter');
    await convertToMp3(page, wav);
    await expect.poll(() => held !== undefined, { timeout: 30_000 }).toBe(true);
    const shown = await queueStatuses(page);
    const percent = Number(/Uploading… (\d+)%/.exec(shown[0] ?? '')?.[1]);
    expect(percent, `status: ${shown.join(' | ')}`).toBeGreaterThan(0);
    expect(percent).toBeLessThan(100);

    // The reload while the chunk is held; only then the route goes (it would let the held chunk on).
    await page.reload();
    await held?.abort().catch(() => undefined);
    await page.unroute(isUploadCall);
    const after: Request[] = [];
    page.on('request', (request) => {
      if (isChunk(request) || isCreation(request)) after.push(request);
    });
    await page.getByRole('button', { name: 'Browse files' }).and(page.locator(':enabled')).waitFor();
    await convertToMp3(page, wav);
    // The item of the reloaded page stays listed (its file was never sent whole), then the new one.
    await expect
      .poll(() => queueStatuses(page), { timeout: 90_000 })
      .toEqual([expect.stringMatching(/^Needs the file again/), 'Completed']);
    // No new upload: the first request after the reload sends the third chunk.
    expect(after.some(isCreation)).toBe(false);
    expect(await after[0]?.headerValue('upload-offset')).toBe(String(2 * chunkBytes));
    await context.close();
  });
});
