// `npm test` after set-up: lint, typecheck, build, then every test project (unit, integration,
// browser). Ends with one line "N passed, N failed" for CI.
import { spawnSync } from 'node:child_process';
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

const checks = [
  ['lint', 'npm', ['run', 'lint', '--silent']],
  ['typecheck', 'npm', ['run', 'typecheck', '--silent']],
  ['build', 'npm', ['run', 'build', '--silent']],
];
let failedChecks = 0;
for (const [title, command, args] of checks) if (!step(title, command, args)) failedChecks += 1;

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
