// Accessibility scan (axe) of the main page kinds: no serious or critical violation.
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
  context = await browser.newContext();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('accessibility', () => {
  it.each(['/', '/youtube-downloader', '/png-converter'])('%s has no serious or critical violation', async (path) => {
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    await page.getByTestId('connection-badge').waitFor();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    const severe = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} - ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(severe).toEqual([]);
    await page.close();
  });
});
