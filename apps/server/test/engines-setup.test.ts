// Set-up of the pinned yt-dlp (scripts/setup-engines.sh): when pip cannot reach any index, it
// says so in one line and does not fail, and the server still starts on the system's yt-dlp,
// saying so at start-up and in /health. A second run over an installed environment is instant
// and reinstalls nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { healthSchema } from '@grabbit/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { runServer, stopServer, type ServerRun } from './foundation-server';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const enginesDir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-engines-'));
let server: ServerRun | undefined;

afterAll(async () => {
  await stopServer(server);
  rmSync(enginesDir, { recursive: true, force: true });
});

function setupEngines(env: Record<string, string>) {
  const started = performance.now();
  const result = spawnSync('bash', ['scripts/setup-engines.sh'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 300_000,
  });
  return { ...result, seconds: (performance.now() - started) / 1000 };
}

describe('pinned yt-dlp set-up', () => {
  it('pip unreachable: one warning line, success, and the server starts on the system yt-dlp', async () => {
    const setup = setupEngines({
      ENGINES_DIR: enginesDir,
      // No configuration file, no local wheels, and an index that refuses connections.
      PIP_CONFIG_FILE: '/dev/null',
      PIP_FIND_LINKS: '',
      PIP_EXTRA_INDEX_URL: '',
      PIP_INDEX_URL: 'http://127.0.0.1:9/simple',
      PIP_RETRIES: '0',
      PIP_TIMEOUT: '2',
    });
    expect(setup.status, setup.stderr).toBe(0);
    const warnings = setup.stderr.trim().split('\n');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^setup: WARNING: pip could not install yt-dlp\[curl-cffi\]==\S+ .*Debian's yt-dlp/,
    );
    expect(existsSync(path.join(enginesDir, 'venv/bin/yt-dlp'))).toBe(false);

    server = await runServer({ ENGINES_DIR: enginesDir }, 60_000);
    expect(server.url, server.stderr()).toBeDefined();
    const startupLines = server.stderr().trim().split('\n');
    expect(startupLines).toHaveLength(1);
    expect(startupLines[0]).toMatch(/^yt-dlp: the project environment has none .* the system's yt-dlp runs/);
    const response = await fetch(`${server.url}/health`);
    const health = healthSchema.parse(await response.json());
    expect(response.status).toBe(200);
    expect(health.ytDlp.source).toBe('system');
    expect(health.ytDlp.version).toBe(spawnSync('yt-dlp', ['--version'], { encoding: 'utf8' }).stdout.trim());
    expect(health.warnings).toContain(startupLines[0]);
  }, 240_000);

  const projectYtDlp = path.join(repoRoot, '.cache/engines/venv/bin/yt-dlp');
  it.skipIf(!existsSync(projectYtDlp))('a second run over the installed environment is instant', () => {
    const before = statSync(projectYtDlp).mtimeMs;
    const setup = setupEngines({});
    expect(setup.status, setup.stderr).toBe(0);
    expect(setup.stdout + setup.stderr).toBe('');
    expect(setup.seconds).toBeLessThan(5);
    expect(statSync(projectYtDlp).mtimeMs).toBe(before);
    const pin = /^yt-dlp\[curl-cffi\]==(\S+)$/m.exec(
      readFileSync(path.join(repoRoot, 'engines/requirements.txt'), 'utf8'),
    );
    const version = spawnSync(projectYtDlp, ['--version'], { encoding: 'utf8' }).stdout.trim();
    // yt-dlp prints its version zero-padded (2026.08.19) where pip's pin is not (2026.8.19).
    expect(version.split('.').map(Number)).toEqual(pin?.[1]?.split('.').map(Number));
  });
});
