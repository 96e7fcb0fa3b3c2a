// `npm test` after set-up: the build, then every test project (unit, integration, browser,
// container), with lint and typecheck beside the tests; `npm test -- <vitest arguments>` builds and
// runs only those tests. Ends with one line "N passed, N failed" for CI.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { containerEnv, testImages } from '../container/tests/support/images.mjs';
import { root, toolsEnv as env } from './tools-env.mjs';

/**
 * The command prefix that runs a step on what the tests leave of the CPU: Linux's idle scheduling
 * class (SCHED_IDLE, which even the engines' nice 19 outranks), else nice 19 where a machine
 * refuses it, else nothing.
 */
function idlePrefix() {
  for (const prefix of [
    ['chrt', '--idle', '0'],
    ['nice', '-n', '19'],
  ]) {
    if (spawnSync(prefix[0], [...prefix.slice(1), 'true']).status === 0) return prefix;
  }
  return [];
}
const idleCommand = idlePrefix();

/**
 * Runs one step; resolves whether it passed, its last line (how it went, with its time) and what
 * to print of it (its output and that line; a streamed step prints as it goes: the line only).
 * `idle`: on the CPU the tests leave (see idlePrefix).
 */
function step(title, command, args, { streamed = false, idle = false, stepEnv = env } = {}) {
  const started = Date.now();
  if (streamed) console.info(`\n== ${title}`);
  const [program, ...programArgs] = [...(idle ? idleCommand : []), command, ...args];
  return new Promise((resolve) => {
    const child = spawn(program, programArgs, {
      cwd: root,
      env: stepEnv,
      stdio: ['ignore', streamed ? 'inherit' : 'pipe', streamed ? 'inherit' : 'pipe'],
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    let ended = false;
    const end = (code) => {
      if (ended) return;
      ended = true;
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const last = `== ${title}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)\n`;
      const report = streamed ? last : `\n== ${title}\n${Buffer.concat(output)}${last}`;
      resolve({ ok: code === 0, last, report });
    };
    // A command that cannot start at all may never close: it fails the step with its reason.
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      end(1);
    });
    child.on('close', end);
  });
}

/**
 * The container tests' images, built one after another ahead of those tests, which run last:
 * their builds (a cold machine's take many minutes) use the CPU the other tests leave, and each
 * test's own build of an image then waits for this one (scripts/container-build.sh) and finds it
 * made. A failed build here fails nothing: the test's own build says why.
 */
async function buildContainerImages() {
  if (spawnSync('podman', ['--version']).status !== 0) return '== container images: no podman\n';
  const reports = [];
  for (const { tag, dockerfile } of Object.values(testImages)) {
    const { last } = await step(
      `container image ${tag}, ahead of its tests`,
      'bash',
      ['scripts/container-build.sh', tag, '--file', dockerfile, '--quiet'],
      { idle: true, stepEnv: { ...containerEnv(root), PATH: env.PATH } },
    );
    reports.push(last);
  }
  return reports.join('');
}

/**
 * One vitest run of `args`, with its JSON report (.cache/vitest-report-<title>.json): resolves
 * whether it passed and its counts (a report that cannot be read counts as one failure).
 */
async function vitest(title, args) {
  const reportFile = path.join(root, `.cache/vitest-report-${title.replaceAll(' ', '-')}.json`);
  mkdirSync(path.dirname(reportFile), { recursive: true });
  rmSync(reportFile, { force: true });
  const run = await step(
    title,
    'node_modules/.bin/vitest',
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`, ...args],
    { streamed: true },
  );
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    const failed = report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
    return { ...run, passed: report.numPassedTests, failed: failed || (run.ok ? 0 : 1) };
  } catch {
    return { ...run, passed: 0, failed: 1 };
  }
}

// Extra arguments (vitest's: a project, a file) limit the run to some tests, a developer's quick
// check: the build those tests start still runs, lint and typecheck are the whole run's.
const extra = process.argv.slice(2);
// The pages and the server, each when its sources changed (a clean checkout: both).
const build = await step('build', 'bash', [
  '-c',
  'node scripts/build-pages.mjs && node scripts/build-server.mjs',
]);
process.stdout.write(build.report);

const runs = [];
const checks = [build];
if (extra.length > 0) {
  console.info('== lint, typecheck: skipped (a run limited to some tests; `npm test` runs them)');
  runs.push(await vitest('tests', extra));
} else {
  // First the server's tests (two files at a time: engines on both cores, every core busy). Then
  // the browser and container tests, one file at a time (about one core of two), with lint,
  // typecheck and the container images beside them on the CPU those leave: measured, lint and
  // typecheck beside the server's tests slowed those by as much as they took, and before every
  // test they held the run back 85 s.
  runs.push(await vitest('server tests', ['--project=!e2e', '--project=!container']));
  const besideTests = Promise.all([
    step('lint', 'npm', ['run', 'lint', '--silent'], { idle: true }),
    step('typecheck', 'npm', ['run', 'typecheck', '--silent'], { idle: true }),
  ]);
  const images = buildContainerImages();
  runs.push(await vitest('browser and container tests', ['--project=e2e', '--project=container']));
  const [lint, typecheck] = await besideTests;
  checks.push(lint, typecheck);
  process.stdout.write(lint.report + typecheck.report + (await images));
}

for (const run of runs) process.stdout.write(run.report);
const passed = runs.reduce((sum, run) => sum + run.passed, 0);
// A failed build, lint or typecheck counts as a failure too.
const failed = runs.reduce((sum, run) => sum + run.failed, 0) + checks.filter((check) => !check.ok).length;
console.info(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
