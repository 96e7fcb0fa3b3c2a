// The compiled server, as `npm start` runs it: the build is skipped when nothing changed, the
// bundle runs on plain Node, and every file the sources find beside themselves (the pages, the
// pinned yt-dlp, the ImageMagick policy) is still found from apps/server/dist.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Health } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, serverDist } from '../../../scripts/build-server.mjs';
import { loadConfig } from '../src/config/env';
import { runServer, stopServer, type ServerRun } from './foundation-server';

let server: ServerRun | undefined;
beforeAll(async () => {
  await buildServer({ quiet: true });
  server = await runServer({ LOG_LEVEL: 'info' }, 30_000, { compiled: true });
});
afterAll(() => stopServer(server));

describe('compiled server', () => {
  it('is not built again when nothing changed', async () => {
    expect(await buildServer({ quiet: true })).toBe(false);
    expect(readdirSync(serverDist)).toEqual(
      expect.arrayContaining(['server.js', 'server.js.map', 'worker.js', 'check-sites.js']),
    );
  });

  it('answers /health with every engine, the pinned yt-dlp among them, and serves the pages', async () => {
    expect(server?.url, server?.stderr()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = (await (await fetch(`${server?.url}/health`)).json()) as Health;
    expect(health.engines.every((engine) => engine.available)).toBe(true);
    const { stdout } = await promisify(execFile)(loadConfig({}).YTDLP_PATH, ['--version']);
    expect(health.engines.find((engine) => engine.name === 'yt-dlp')?.version).toBe(stdout.trim());
    const page = await fetch(`${server?.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<html/i);
  });

  it('finds every folder the sources name beside themselves', () => {
    const bundles = readdirSync(serverDist).filter((name) => name.endsWith('.js'));
    const folders = bundles.flatMap((name) =>
      [...readFileSync(path.join(serverDist, name), 'utf8').matchAll(/__grabbitSourceDir\("([^"]+)"\)/g)].map(
        (match) => path.resolve(serverDist, match[1] ?? ''),
      ),
    );
    // The configuration (pages, yt-dlp) and the ImageMagick policy at least.
    expect(folders.length).toBeGreaterThanOrEqual(3);
    for (const folder of folders) expect(existsSync(folder), folder).toBe(true);
    expect(existsSync(path.join(serverDist, '../policy/policy.xml'))).toBe(true);
  });
});
