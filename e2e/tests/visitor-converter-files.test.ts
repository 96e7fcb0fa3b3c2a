// A converter page takes any file of its kind and lists every other file with its reason and a
// link to the page that takes it: mixed images dropped on the PNG page all convert, a video and a
// text file are named, never dropped without a word. Desktop and phone, shipped limits.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startServerAndBrowser } from '../support/session';
import {
  chooseFiles,
  makePng,
  openConverter,
  queueStatuses,
  run,
  startConversion,
  useFixtureDir,
} from './convert-support';
import { visitorViewports } from '../support/viewports';

const session = startServerAndBrowser();
const dir = useFixtureDir();
let files: string[];

beforeAll(async () => {
  const png = await makePng(path.join(dir, 'red.png'), 40, 30, 'red');
  const others = ['jpg', 'webp', 'gif'].map((ext) => path.join(dir, `pic.${ext}`));
  await Promise.all(others.map((file) => run('/usr/bin/convert', ['-size', '30x20', 'xc:blue', file])));
  const video = path.join(dir, 'clip.mp4');
  const text = path.join(dir, 'notes.txt');
  await writeFile(video, 'not really a video: the page sorts by type before anything is sent');
  await writeFile(text, 'hello');
  files = [png, ...others, video, text];
});

describe.each(visitorViewports)('mixed files on the PNG converter (%s)', (_name, viewport) => {
  it('converts every image, lists the others with their reason and the right page', async () => {
    const context = await session.browser.newContext({ viewport });
    const page = await context.newPage();
    await openConverter(page, session.server.url, '/png-converter');
    expect(await page.getByTestId('convert-file-input').getAttribute('accept')).toMatch(
      /^\.png,image\/png,.*\.gif,image\/gif/,
    );
    // An output none of the chosen images has (the server converts a format to another one only).
    await page.getByLabel('Output format').click();
    await page.getByRole('option', { name: 'BMP', exact: true }).click();
    await chooseFiles(page, files);
    const selected = page.getByRole('region', { name: 'Selected files' });
    await expect.poll(() => selected.getByRole('listitem').count()).toBe(4);
    const refused = page.getByTestId('refused-file');
    expect(await refused.count()).toBe(2);
    expect(await refused.nth(0).textContent()).toContain(
      'MP4 is a video file: this page converts image files.',
    );
    expect(await refused.nth(1).textContent()).toContain('TXT is not an image, video or audio format');
    expect(await page.getByRole('heading', { name: 'Not added (2 files)' }).count()).toBe(1);

    await startConversion(page);
    await expect
      .poll(() => queueStatuses(page), { timeout: 60_000 })
      .toEqual(['Completed', 'Completed', 'Completed', 'Completed']);
    // Each converted row names its output and its size.
    expect(await page.getByTestId('conversion-output').first().textContent()).toMatch(
      /^red\.bmp · \d+(\.\d)? (KB|MB)$/,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );

    await refused.nth(0).getByRole('link', { name: 'Open the MP4 converter' }).click();
    await page.waitForURL(/\/mp4-converter$/);
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'MP4' }).waitFor();
    await context.close();
  });
});
