// Engines run with a clean environment and yield the CPU: a yt-dlp download and the ffmpeg yt-dlp
// starts for a section, caught while they run under the real server, hold none of the server's
// secrets (the environment is read from /proc/<pid>/environ), only what they need, and run at the
// lowest priority, their session's autogroup too where the kernel has autogroups.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServer, stopServer, type ServerRun } from './foundation-server';
import { startFixtureSite, type FixtureSite } from './support/fixture-site';
import { until } from './support/until';

const secrets = {
  CLOUD_SIGNING_SECRET: 'signing-secret-0f5e2a9c4b7d1e8f3a6c',
  S3_ACCESS_KEY_ID: 'access-key-id-71c3',
  S3_SECRET_ACCESS_KEY: 'secret-access-key-9d24',
  RATE_LIMIT_SALT: 'rate-limit-salt-5b80',
  AD_KEYS_REGULAR: 'ad-key-e61f',
  UNRELATED_OPERATOR_TOKEN: 'unrelated-token-a4c7',
};

let site: FixtureSite;
let server: ServerRun | undefined;

beforeAll(async () => {
  site = await startFixtureSite();
  server = await runServer(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      MEDIA_TEST_HOSTS: site.host,
      // The test polls its task closely; the shipped per-minute API budget would answer 429.
      RATE_LIMIT_API_PER_MINUTE: '100000',
      ...secrets,
    },
    60_000,
  );
}, 120_000);

afterAll(async () => {
  await stopServer(server);
  // The fixture site ends the engines' trickling downloads when it closes.
  await site?.close();
});

interface EngineProcess {
  pid: number;
  argv: string[];
  env: Record<string, string>;
}

/** The processes descending from `root`, with their arguments and environment. */
function descendants(root: number): EngineProcess[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const isDescendant = (pid: number): boolean => {
    for (let parent = parents.get(pid); parent; parent = parents.get(parent))
      if (parent === root) return true;
    return false;
  };
  return [...parents.keys()].filter(isDescendant).flatMap((pid) => {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      const env = Object.fromEntries(
        readFileSync(`/proc/${pid}/environ`, 'utf8')
          .split('\0')
          .filter(Boolean)
          .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
      );
      return [{ pid, argv, env }];
    } catch {
      return [];
    }
  });
}

async function startDownload(body: Record<string, unknown>): Promise<void> {
  const answer = await fetch(`${server?.url}/api/download/vimeo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ format: 'mp4', ...body }),
  });
  expect(answer.status, await answer.text()).toBe(200);
}

async function runningEngine(matches: (argv: string[]) => boolean, what: string): Promise<EngineProcess> {
  let found: EngineProcess | undefined;
  await until(
    () => {
      found = descendants(server?.child.pid ?? 0).find((process) => matches(process.argv));
      return found !== undefined;
    },
    what,
    60_000,
  );
  return found as EngineProcess;
}

function expectClean(engine: EngineProcess): void {
  const environment = Object.entries(engine.env)
    .map(([name, value]) => `${name}=${value}`)
    .join('\n');
  for (const [name, value] of Object.entries(secrets)) {
    expect(environment, engine.argv.join(' ')).not.toContain(name);
    expect(environment).not.toContain(value);
  }
  expect(engine.env.PATH).toBeTruthy();
  // Nothing but the clean base, the egress guard's proxy and the ffmpeg guard's settings.
  const allowed = /^(PATH|HOME|TMPDIR|LANG|(http|https|HTTP|HTTPS)_proxy|HTTPS?_PROXY|GRABBIT_GUARD_\w+)$/;
  const names = Object.keys(engine.env).filter((name) => !allowed.test(name));
  // Python, a venv launcher and the guard's shell may add markers of their own (PWD...), nothing else.
  expect(names.filter((name) => !/^(PYTHON\w*|VIRTUAL_ENV|LC_CTYPE|PWD|_)$/.test(name))).toEqual([]);
}

/** The nice value of a process (/proc/<pid>/stat's 19th field), and of its autogroup if any. */
function niceness(pid: number): { process: number; autogroup?: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const process = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  const group = `/proc/${pid}/autogroup`;
  if (!existsSync(group)) return { process };
  // "/autogroup-123 nice 19"
  return { process, autogroup: Number(/nice (-?\d+)/.exec(readFileSync(group, 'utf8'))?.[1]) };
}

/** Waits until the engine runs at the lowest priority (set just after it starts). */
async function expectLowestPriority(engine: EngineProcess): Promise<void> {
  const lowest = (pid: number) => {
    const nice = niceness(pid);
    return nice.process === 19 && (nice.autogroup === undefined || nice.autogroup === 19);
  };
  await until(() => lowest(engine.pid), `${engine.argv[0]} at nice 19`, 10_000).catch(() => undefined);
  const nice = niceness(engine.pid);
  expect(nice.process, engine.argv.join(' ')).toBe(19);
  if (nice.autogroup !== undefined) expect(nice.autogroup).toBe(19);
}

describe('engine environment', () => {
  it('yt-dlp, while downloading, holds no server secret', async () => {
    expect(server?.url, server?.stderr()).toBeDefined();
    await startDownload({ url: site.url('/slow/a.mp4') });
    const ytDlp = await runningEngine(
      (argv) => argv.some((arg) => arg.endsWith('yt-dlp')) && argv.includes('--no-simulate'),
      'a running yt-dlp download',
    );
    expectClean(ytDlp);
    expect(ytDlp.env.http_proxy).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await expectLowestPriority(ytDlp);
  }, 90_000);

  it('the ffmpeg yt-dlp starts for a section holds no server secret', async () => {
    await startDownload({ url: site.url('/slow/b.webm'), startTime: 0, endTime: 0.5 });
    const ffmpeg = await runningEngine(
      (argv) => (argv[0] ?? '').endsWith('ffmpeg') && argv.includes('-i'),
      'a running ffmpeg started by yt-dlp',
    );
    expectClean(ffmpeg);
    expect(ffmpeg.env.GRABBIT_GUARD_FFMPEG).toBeTruthy();
    // Started by yt-dlp: it inherits both.
    await expectLowestPriority(ffmpeg);
  }, 90_000);
});
