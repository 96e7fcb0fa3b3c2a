// A visitor at the shipped limits (3 running jobs per client, 10 job starts a minute): 20 PNGs
// dropped on the PNG converter at once all complete. The page runs as many conversions at once as
// the server allows and waits out the job-start budget instead of failing files.
import path from 'node:path';
import type { Request } from 'playwright-core';
import { apiAreas } from '@grabbit/contracts/api-paths';
import { describe, expect, it } from 'vitest';
import { startServerAndBrowser } from '../support/session';
import {
  chooseFiles,
  makePng,
  openConverter,
  queueStatuses,
  startConversion,
  useFixtureDir,
} from './convert-support';

const session = startServerAndBrowser();
const dir = useFixtureDir();

const isConversion = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname.startsWith(apiAreas.convert);

describe('PNG converter at the shipped limits', () => {
  // 20 job starts at 10 a minute: the second ten wait for the next minute's budget.
  it('converts 20 files dropped at once, never more than 3 at a time', { timeout: 240_000 }, async () => {
    const files = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        makePng(path.join(dir, `tile-${index}.png`), 8 + index, 8, index % 2 ? 'navy' : 'orange'),
      ),
    );
    const context = await session.browser.newContext();
    const page = await context.newPage();
    let inFlight = 0;
    let mostAtOnce = 0;
    const refused: number[] = [];
    page.on('request', (request) => {
      if (!isConversion(request)) return;
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
    });
    const settled = (request: Request) => {
      if (isConversion(request)) inFlight -= 1;
    };
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
    page.on('response', (response) => {
      if (isConversion(response.request()) && response.status() === 429) refused.push(response.status());
    });

    await openConverter(page, session.server.url, '/png-converter');
    await chooseFiles(page, files);
    await startConversion(page);
    await expect
      .poll(() => queueStatuses(page), { timeout: 200_000, interval: 1000 })
      .toEqual(Array.from({ length: 20 }, () => 'Completed'));
    expect(mostAtOnce).toBeLessThanOrEqual(3);
    // Only the job-start budget may have refused some (and they were sent again after the wait).
    expect(refused.length).toBeLessThanOrEqual(10);
    await context.close();
  });
});
