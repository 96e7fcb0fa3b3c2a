// The converter page's own behaviour in Chromium: dragging highlights the area and says 'Drop files
// here', dropped files of the page's kind are kept and others listed with their reason, selected
// files can be removed, and the page with a filled queue and a refused file passes an accessibility scan.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { severeViolations } from '../support/axe';
import { startServerAndBrowser } from '../support/session';
import {
  chooseFiles,
  convertButton,
  makePng,
  openConverter,
  queueStatuses,
  startConversion,
  toast,
  useFixtureDir,
} from './convert-support';

const session = startServerAndBrowser();
let page: Page;
const dir = useFixtureDir();

beforeAll(async () => {
  // axe opens pages of its own, which needs a context made by newContext().
  page = await (await session.browser.newContext()).newPage();
});

/** A DataTransfer in the page holding small files with these names and types. */
function dataTransfer(files: { name: string; type: string }[]) {
  return page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const file of list) transfer.items.add(new File(['x'], file.name, { type: file.type }));
    return transfer;
  }, files);
}

describe('converter page', () => {
  it('highlights while dragging, keeps the dropped images and lists the rest', async () => {
    await openConverter(page, session.server.url, '/jpeg-converter');
    const zone = page.getByTestId('convert-drop-zone');
    const transfer = await dataTransfer([
      { name: 'photo.JPG', type: 'image/jpeg' },
      { name: 'scan.jpeg', type: 'image/jpeg' },
      { name: 'icon.png', type: 'image/png' },
      { name: 'notes.txt', type: 'text/plain' },
    ]);
    await zone.dispatchEvent('dragover', { dataTransfer: transfer });
    await expect.poll(() => zone.getAttribute('data-dragging')).toBe('true');
    expect(await zone.textContent()).toContain('Drop files here');
    await zone.dispatchEvent('drop', { dataTransfer: transfer });
    await expect.poll(() => zone.getAttribute('data-dragging')).toBeNull();
    expect(await zone.textContent()).not.toContain('Drop files here');

    const selected = page.getByRole('region', { name: 'Selected files' });
    await expect
      .poll(() => selected.getByRole('listitem').allTextContents())
      .toEqual([
        expect.stringContaining('photo.JPG'),
        expect.stringContaining('scan.jpeg'),
        expect.stringContaining('icon.png'),
      ]);
    expect(await selected.textContent()).toContain('JPEG');
    expect(await page.getByTestId('refused-file').allTextContents()).toEqual([
      expect.stringContaining('notes.txt'),
    ]);
    await page.getByRole('button', { name: 'Remove photo.JPG' }).click();
    await expect.poll(() => selected.getByRole('listitem').count()).toBe(2);
    await page.getByRole('button', { name: 'Remove scan.jpeg' }).click();
    await page.getByRole('button', { name: 'Remove icon.png' }).click();
    expect(await selected.count()).toBe(0);
    // With nothing selected the main button is disabled.
    expect(await convertButton(page).isDisabled()).toBe(true);
  });

  it('passes an accessibility scan with files selected and a finished queue', async () => {
    await openConverter(page, session.server.url, '/png-converter');
    await chooseFiles(page, [await makePng(path.join(dir, 'one.png'), 20, 20, 'orange')]);
    await startConversion(page);
    await expect.poll(() => queueStatuses(page), { timeout: 30_000 }).toEqual(['Completed']);
    const other = path.join(dir, 'song.mp3');
    await writeFile(other, 'x');
    await chooseFiles(page, [await makePng(path.join(dir, 'two.png'), 20, 20, 'purple'), other]);
    await page.getByTestId('refused-file').waitFor();
    // The scan covers the toasts too: the batch's success toast is on screen.
    await toast(page, 'Batch conversion completed').waitFor();
    expect(await severeViolations(page)).toEqual([]);
  });
});
