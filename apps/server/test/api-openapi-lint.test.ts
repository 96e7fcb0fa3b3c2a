// The API document passes Redocly's linter with its recommended rules: no error (a missing
// `servers`, an operation without a unique operationId, ambiguous paths...) and no warning but the
// license's address (the project has no public license page to point to).
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
}

const redoclyCli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

/** Runs `redocly lint` (recommended rules, JSON report) on a file; resolves with its problems. */
function lint(file: string): Promise<LintProblem[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [redoclyCli, 'lint', '--format=json', file], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      try {
        resolve((JSON.parse(out) as { problems: LintProblem[] }).problems);
      } catch {
        reject(new Error(`redocly printed no report: ${out}${err}`));
      }
    });
  });
}

let test: TestApp;
let dir: string;
beforeAll(async () => {
  test = await startTestApp({});
  dir = await mkdtemp(path.join(tmpdir(), 'grabbit-lint-'));
});
afterAll(async () => {
  await test.close();
  await rm(dir, { recursive: true, force: true });
});

it('the API document passes redocly lint (recommended rules) with 0 errors', async () => {
  const answer = await test.app.inject({ url: '/api/openapi.json' });
  const file = path.join(dir, 'openapi.json');
  await writeFile(file, answer.body);
  const problems = await lint(file);
  const summary = problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message}`);
  expect(summary.filter((line) => line.startsWith('error'))).toEqual([]);
  expect(problems.filter((problem) => problem.ruleId !== 'info-license-strict').map((p) => p.ruleId)).toEqual(
    [],
  );
});
