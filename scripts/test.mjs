// `npm test` after set-up: lint, typecheck, build, then every test project (unit, integration,
// browser, container); `npm test -- <vitest arguments>` builds and runs only those tests. Ends with
// one line "N passed, N failed" for CI.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { root, toolsEnv as env } from './tools-env.mjs';

const reportFile = path.join(root, '.cache/vitest-report.json');

/**
 * Runs one step and says how it went, with its time. A streamed step prints as it goes; the
 * others print their whole output when they end, so steps run at once keep a readable log.
 */
function step(title, command, args, { streamed = false } = {}) {
  const started = Date.now();
  if (streamed) console.info(`\n== ${title}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env,
      stdio: ['ignore', streamed ? 'inherit' : 'pipe', streamed ? 'inherit' : 'pipe'],
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    let ended = false;
    const end = (code) => {
      if (ended) return;
      ended = true;
      if (!streamed) console.info(`\n== ${title}`);
      process.stdout.write(Buffer.concat(output));
      console.info(
        `== ${title}: ${code === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
      resolve(code === 0);
    };
    // A command that cannot start at all may never close: it fails the step with its reason.
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      end(1);
    });
    child.on('close', end);
  });
}

// Extra arguments (vitest's: a project, a file) limit the run to some tests, a developer's quick
// check: the build those tests start still runs, lint and typecheck are the whole run's.
const extra = process.argv.slice(2);
const subset = extra.length > 0;
// Lint, typecheck and build at once: each is mostly one process on one core, and none reads what
// another writes. (Run beside the tests instead, at idle priority, they slowed the tests by as
// much time as they took: nothing gained on two cores.) The build makes the pages and the server
// each only when its sources changed (a clean checkout: both).
const checks = await Promise.all([
  ...(subset
    ? []
    : [
        step('lint', 'npm', ['run', 'lint', '--silent']),
        step('typecheck', 'npm', ['run', 'typecheck', '--silent']),
      ]),
  step('build', 'bash', ['-c', 'node scripts/build-pages.mjs && node scripts/build-server.mjs']),
]);
if (subset) console.info('== lint, typecheck: skipped (a run limited to some tests; `npm test` runs them)');
const failedChecks = checks.filter((ok) => !ok).length;

mkdirSync(path.dirname(reportFile), { recursive: true });
rmSync(reportFile, { force: true });
const testsOk = await step(
  'tests',
  'node_modules/.bin/vitest',
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`, ...extra],
  { streamed: true },
);

let passed = 0;
let failed = 0;
try {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  passed = report.numPassedTests;
  failed = report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
} catch {
  failed += 1;
}
// A failed lint, typecheck or build counts as a failure too.
failed += failedChecks;
if (!testsOk && failed === 0) failed = 1;
console.info(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
