// A real, throw-away redis-server (Debian's package) for scaled-mode tests and benchmarks: a free
// port, a temporary folder, no persistence. stop() and start() again keep the port, so tests can
// take Redis away and bring it back.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

export interface TestRedis {
  port: number;
  /** redis://127.0.0.1:PORT */
  url: string;
  /** Starts it again on the same port after stop(). */
  start(): Promise<void>;
  /** Stops the server (data is gone: nothing is persisted). */
  stop(): Promise<void>;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

const readyLine = /Ready to accept connections/;

function launch(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`redis-server did not start:\n${output}`)), 15_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`redis-server exited (${code}):\n${output}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!readyLine.test(output)) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.stdout.removeAllListeners('data');
      child.stdout.resume();
      resolve(child);
    });
  });
}

function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

export async function startRedis(): Promise<TestRedis> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-redis-'));
  let port = 0;
  let child: ChildProcess | undefined;
  // The free port can be taken between the probe and the launch: try a few.
  for (let attempt = 0; !child; attempt += 1) {
    port = await freePort();
    try {
      child = await launch(port, dir);
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
  const redis: TestRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      if (child && child.exitCode === null && child.signalCode === null) return;
      child = await launch(port, dir);
    },
    async stop() {
      await stopChild(child);
    },
    async close() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return redis;
}
