// The converter queue survives a reload, at the shipped limits (3 running jobs per client), on a
// desktop and a phone: three videos reloaded mid-conversion come back with their names, their
// progress goes on and each result can be saved; a fourth file still waiting for its turn is
// listed as needing its file again (a page cannot keep a chosen file); a finished conversion
// reloaded is still there to save.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeVideo } from '../../apps/server/test/support/media-fixtures';
import { severeViolations } from '../support/axe';
import { startServerAndBrowser } from '../support/session';
import { visitorViewports } from '../support/viewports';
import {
  chooseFiles,
  makePng,
  openConverter,
  queueStatuses,
  recordStatuses,
  recordedStatuses,
  startConversion,
  useFixtureDir,
} from './convert-support';

const session = startServerAndBrowser();
const dir = useFixtureDir();

interface KeptJob {
  name: string;
  job?: { jobId: string };
  conversion?: { percent: number };
}

/** The queue the page keeps in its session (every converter page's key). */
function keptQueue(page: Page): Promise<KeptJob[]> {
  return page.evaluate(() =>
    Object.keys(sessionStorage)
      .filter((key) => key.startsWith('grabbit.conversions.'))
      .flatMap((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as KeptJob[]),
  );
}

const itemNames = (page: Page) =>
  page.getByTestId('conversion-queue-item').locator('p[title]').allTextContents();

/** Saves the queue item's result and answers the saved file's path. */
async function saveItem(page: Page, name: string, savedAs: string): Promise<string> {
  const item = page.getByTestId('conversion-queue-item').filter({ hasText: name });
  const download = page.waitForEvent('download');
  await item.getByRole('link', { name: /Save/ }).click();
  const file = path.join(dir, savedAs);
  await (await download).saveAs(file);
  return file;
}

describe.each(visitorViewports)('the converter queue across a reload (%s)', (name, viewport) => {
  it('running conversions come back, go on and can be saved', { timeout: 240_000 }, async () => {
    // Long enough that VP9 is still at work on all three when the page reloads, on a busy machine too.
    const clips = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        makeVideo(dir, `${name}-clip-${n}.mp4`, { seconds: 8, width: 640, height: 360 }),
      ),
    );
    const context = await session.browser.newContext({ viewport, acceptDownloads: true });
    const page = await context.newPage();
    await page.addInitScript(recordStatuses);
    await openConverter(page, session.server.url, '/mp4-converter');
    await page.getByLabel('Output format').click();
    await page.getByRole('option', { name: 'WEBM' }).click();
    await chooseFiles(page, clips);
    await startConversion(page);
    // Three in the visitor's three slots have their jobs; the fourth waits for its turn.
    await expect
      .poll(async () => (await keptQueue(page)).filter((item) => item.job).length, { timeout: 60_000 })
      .toBe(3);
    const before = await keptQueue(page);
    expect(before.filter((item) => !item.job)).toHaveLength(1);
    await page.reload();

    const names = clips.map((clip) => path.basename(clip));
    await expect.poll(() => itemNames(page), { timeout: 15_000 }).toEqual(names);
    const waiting = before.find((item) => !item.job)?.name;
    const waitingItem = page.getByTestId('conversion-queue-item').filter({ hasText: waiting ?? '' });
    expect(await waitingItem.getByTestId('conversion-status').textContent()).toMatch(/^Needs the file again/);
    expect(await severeViolations(page)).toEqual([]);
    await expect
      .poll(() => queueStatuses(page), { timeout: 180_000, interval: 1000 })
      .toEqual(names.map((clipName) => (clipName === waiting ? expect.any(String) : 'Completed')));
    const seen = await recordedStatuses(page);
    // New server percentages reached the reloaded page (not only the kept ones): progress went on.
    const kept = new Set(before.map((item) => `Converting… ${item.conversion?.percent ?? 0}%`));
    expect(
      seen.some((text) => /^Converting… \d+%$/.test(text) && !kept.has(text)),
      `statuses seen: ${seen.join(' | ')}`,
    ).toBe(true);

    const saved = await saveItem(page, names.find((clipName) => clipName !== waiting) ?? '', `${name}.webm`);
    // EBML magic of Matroska/WebM.
    expect((await readFile(saved)).subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    await context.close();
  });

  it('a finished conversion is still there to save after a reload', { timeout: 120_000 }, async () => {
    const png = await makePng(path.join(dir, `${name}-done.png`), 24, 16, 'navy');
    const context = await session.browser.newContext({ viewport, acceptDownloads: true });
    const page = await context.newPage();
    await openConverter(page, session.server.url, '/png-converter');
    await chooseFiles(page, [png]);
    await startConversion(page);
    await expect.poll(() => queueStatuses(page), { timeout: 60_000 }).toEqual(['Completed']);
    await page.reload();
    await expect.poll(() => queueStatuses(page), { timeout: 30_000 }).toEqual(['Completed']);
    expect(await itemNames(page)).toEqual([`${name}-done.png`]);
    // The save link says what it saves.
    await page.getByRole('link', { name: `Save JPG ${name}-done.jpg` }).waitFor();
    const saved = await saveItem(page, `${name}-done.png`, `${name}-done.jpg`);
    // JPEG's start-of-image marker.
    expect((await readFile(saved)).subarray(0, 3).toString('hex')).toBe('ffd8ff');
    await context.close();
  });
});
