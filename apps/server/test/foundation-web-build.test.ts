// The page build is a production bundle whatever NODE_ENV the shell has: built here under
// NODE_ENV=test (into a scratch folder, the served build stays as it is), it carries none of
// React's development code, and the home page's JavaScript stays within its budget.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { pageScripts } from '../../../bench/src/web-size';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const outDir = mkdtempSync(path.join(tmpdir(), 'grabbit-web-build-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** Strings only React's development builds contain. */
const developmentMarkers = ['should be cached to avoid an infinite loop', 'cannot be a child of'];
const homePageBudgetBytes = 120 * 1024;

it('builds production React under NODE_ENV=test, home page within 120 KB gzipped', () => {
  const build = spawnSync(
    path.join(repoRoot, 'node_modules/.bin/vite'),
    ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: path.join(repoRoot, 'apps/web'),
      env: { ...process.env, NODE_ENV: 'test' },
      encoding: 'utf8',
      timeout: 300_000,
    },
  );
  expect(build.status, build.stderr).toBe(0);
  const scripts = readdirSync(path.join(outDir, 'assets')).filter((name) => name.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const name of scripts) {
    const code = readFileSync(path.join(outDir, 'assets', name), 'utf8');
    for (const marker of developmentMarkers) expect(code, `${name} has "${marker}"`).not.toContain(marker);
  }
  const homeBytes = pageScripts(outDir).reduce((sum, script) => sum + script.gzipBytes, 0);
  expect(homeBytes).toBeLessThanOrEqual(homePageBudgetBytes);
}, 300_000);
