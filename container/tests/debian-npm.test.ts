// The README's two commands on a stock Debian 12 (its own Node 18 and npm 9.2), on a clean
// checkout of the current commit: `npm start` until /health answers, then `npm test` limited by
// its extra arguments to one small unit file (its set-up path and the build run in full; lint,
// typecheck and the suite are the host's run, not repeated here).
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../apps/server/test/support/free-port';
import { mirrorRunOptions } from './support/mirrors';
import { buildImage, healthy, logs, podman, removeAll, root, testImages } from './support/podman';

const name = `grabbit-test-debian-${randomUUID().slice(0, 8)}`;
let checkout: string;
let origin: string;

beforeAll(async () => {
  await buildImage(testImages.debianNode);
  checkout = mkdtempSync(path.join(os.tmpdir(), 'grabbit-debian-checkout-'));
  await promisify(execFile)('git', ['clone', '--quiet', '--no-hardlinks', root, checkout]);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  await podman([
    'run',
    '--detach',
    '--name',
    name,
    '--volume',
    `${checkout}:/src`,
    '--workdir',
    '/src',
    '--env',
    `PORT=${port}`,
    '--env',
    'HOST=127.0.0.1',
    ...(await mirrorRunOptions()),
    testImages.debianNode.tag,
    'bash',
    '-c',
    'echo "machine: node $(node --version), npm $(npm --version)" && npm start',
  ]);
  // Set-up installs yt-dlp, npm 10 and the npm packages, then the pages are built: minutes.
  await healthy(origin, name, 30 * 60_000);
});

afterAll(async () => {
  await removeAll([name]);
  if (checkout) rmSync(checkout, { recursive: true, force: true });
});

describe('a stock Debian 12 (Node 18, npm 9.2)', () => {
  it('runs `npm start` from a clean checkout, bringing a current npm first with one line', async () => {
    const output = await logs(name);
    expect(output).toMatch(/machine: node v18\.\d+\.\d+, npm 9\.\d+\.\d+/);
    expect(
      output.match(/setup: npm 9\.\d+\.\d+ skips packages this project needs: installing npm 11/g),
    ).toHaveLength(1);
    expect(output.match(/building the pages/g)).toHaveLength(1);
    expect((await fetch(`${origin}/`)).status).toBe(200);
  });

  it(
    'runs `npm test` limited to one file: set-up keeps the npm it brought, the build the pages `npm start` built',
    async () => {
      const output = await podman(
        [
          'exec',
          name,
          'npm',
          'test',
          '--',
          '--project',
          'unit',
          'apps/server/src/config/secret-files.test.ts',
        ],
        30 * 60_000,
      );
      expect(output).not.toMatch(/skips packages/);
      // `npm start` built the pages from these sources: the test's build finds them current.
      expect(output).not.toMatch(/building the pages/);
      expect(output).toMatch(/^\d+ passed, 0 failed$/m);
      expect(output).toMatch(/== lint, typecheck: skipped/);
    },
    30 * 60_000,
  );
});
