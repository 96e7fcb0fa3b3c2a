// `npm test` after set-up: lint, typecheck, build, then every test project (unit, integration,
// browser). Ends with one line "N passed, N failed" for CI.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// Node 24 from the npm registry (node_modules/.bin/node) runs every tool, whatever Node ran npm.
const env = {
  ...process.env,
  PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
};
const reportFile = path.join(root, '.cache/vitest-report.json');

function step(title, command, args) {
  console.info(`\n== ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  console.info(
    `== ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  return result.status === 0;
}

/**
 * Lint, typecheck and build at once: each is mostly one process on one core, and none reads what
 * another writes. Each one's output is printed whole when it ends, so the log stays readable.
 */
function check(title, command, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      console.info(`\n== ${title}`);
      process.stdout.write(Buffer.concat(output));
      console.info(
        `== ${title}: ${code === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
      resolve(code === 0);
    });
  });
}

const checks = await Promise.all([
  check('lint', 'npm', ['run', 'lint', '--silent']),
  check('typecheck', 'npm', ['run', 'typecheck', '--silent']),
  check('build', 'npm', ['run', 'build', '--silent']),
]);
const failedChecks = checks.filter((ok) => !ok).length;

mkdirSync(path.dirname(reportFile), { recursive: true });
rmSync(reportFile, { force: true });
const extra = process.argv.slice(2);
const testsOk = step('tests', 'node_modules/.bin/vitest', [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reportFile}`,
  ...extra,
]);

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
