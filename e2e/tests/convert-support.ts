// Shared pieces of the converter browser tests: tiny generated fixtures, opening a converter page
// once it is interactive, reading toasts and the queue.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { afterAll } from 'vitest';

export const run = promisify(execFile);

/** A fixture folder for the file's tests, removed after them. */
export function useFixtureDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'grabbit-convert-e2e-'));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A solid-colour PNG of the given size, made by ImageMagick. */
export async function makePng(file: string, width: number, height: number, colour: string): Promise<string> {
  await run('/usr/bin/convert', ['-size', `${width}x${height}`, `xc:${colour}`, `png:${file}`]);
  return file;
}

/** Format and size of an image as ImageMagick's identify reads them, e.g. "JPEG 64x48". */
export async function identify(file: string): Promise<string> {
  const { stdout } = await run('identify', ['-format', '%m %wx%h\n', file]);
  return stdout.trim().split('\n')[0] ?? '';
}

/** Opens a converter page and waits until it is hydrated and connected (Browse files enabled). */
export async function openConverter(page: Page, serverUrl: string, route: string): Promise<void> {
  await page.goto(`${serverUrl}${route}`);
  await page.getByTestId('connection-badge').waitFor({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Browse files' }).and(page.locator(':enabled')).waitFor();
}

export function chooseFiles(page: Page, files: string[]): Promise<void> {
  return page.getByTestId('convert-file-input').setInputFiles(files);
}

/** A visible toast with this exact title. */
export function toast(page: Page, title: string): Locator {
  return page
    .locator('[data-sonner-toast]')
    .filter({ has: page.locator('[data-title]', { hasText: new RegExp(`^${escapeRegExp(title)}$`) }) });
}

export async function toastDescription(page: Page, title: string): Promise<string> {
  const found = toast(page, title).first();
  await found.waitFor();
  return (await found.locator('[data-description]').textContent()) ?? '';
}

export function queueStatuses(page: Page): Promise<string[]> {
  return page.getByTestId('conversion-status').allTextContents();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The converter's main button, whatever its label ('Convert (n clicks to start)', 'Convert Files'). */
export const convertButton = (page: Page) => page.getByTestId('convert-button');

/** Clicks the main button through the click-gate until the conversion starts. */
export async function startConversion(page: Page): Promise<void> {
  const button = convertButton(page);
  for (let left = Number(await button.getAttribute('data-gate-left')); left > 1; left -= 1) {
    await button.filter({ hasText: `Convert (${left} click${left === 1 ? '' : 's'} to start)` }).click();
  }
  await button.click();
}

/** Records every status text the queue shows, however briefly, in window.__statusLog (an init script). */
export function recordStatuses(): void {
  const log: string[] = [];
  (window as unknown as { __statusLog: string[] }).__statusLog = log;
  const record = () => {
    for (const element of document.querySelectorAll('[data-testid="conversion-status"]')) {
      const text = element.textContent ?? '';
      if (log.at(-1) !== text) log.push(text);
    }
  };
  new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
}

/** The status texts recordStatuses saw since the page loaded. */
export function recordedStatuses(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __statusLog: string[] }).__statusLog);
}
