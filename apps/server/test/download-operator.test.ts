// The operator's engine settings reach yt-dlp and nothing else: a download through the real
// server process goes through the configured proxy (with its password) and carries the cookie
// of COOKIES_DIR/<platform>.txt, while the server's log (every level) shows neither. Also which
// options reach yt-dlp's argument list, per installed yt-dlp, and that a visitor's own Instagram
// cookie wins over the operator's file for its job.
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { platformById, type Platform } from '@grabbit/catalog';
import type { DownloadTask } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { writeSessionCookies } from '../src/download/job-folder';
import { engineArgs, ytDlpAccess } from '../src/ytdlp/access';
import { runServer, stopServer, type ServerRun } from './foundation-server';
import { startFixtureSite, type FixtureSite } from './support/fixture-site';
import { startRecordingProxy, type RecordingProxy } from './support/recording-proxy';

const youtube = platformById('youtube') as Platform;
const instagram = platformById('instagram') as Platform;
const cookieValue = 'operator-session-7f3a9c';
const proxyPassword = 'proxy-secret-51d2';

let site: FixtureSite;
let proxy: RecordingProxy;
let server: ServerRun;
let cookiesDir: string;

beforeAll(async () => {
  site = await startFixtureSite();
  proxy = await startRecordingProxy('grabbit', proxyPassword);
  cookiesDir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-cookies-'));
  const expires = Math.floor(Date.now() / 1000) + 3600;
  writeFileSync(
    path.join(cookiesDir, 'youtube.txt'),
    `# Netscape HTTP Cookie File\n127.0.0.1\tFALSE\t/\tFALSE\t${expires}\tsid\t${cookieValue}\n`,
  );
  writeFileSync(path.join(cookiesDir, 'instagram.txt'), `# Netscape HTTP Cookie File\n`);
  server = await runServer(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'trace',
      MEDIA_TEST_HOSTS: site.host,
      COOKIES_DIR: cookiesDir,
      YTDLP_PROXY_YOUTUBE: proxy.url,
    },
    60_000,
  );
}, 90_000);

afterAll(async () => {
  await stopServer(server);
  await proxy?.close();
  await site?.close();
  await rm(cookiesDir, { recursive: true, force: true });
});

async function downloadThroughServer(link: string): Promise<DownloadTask> {
  const started = await fetch(`${server.url}/api/download/youtube`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: link, format: 'mp4' }),
  });
  const { taskId } = (await started.json()) as { taskId: string };
  const deadline = Date.now() + 90_000;
  for (;;) {
    const task = (await (await fetch(`${server.url}/api/download/task/${taskId}`)).json()) as DownloadTask;
    if (task.status === 'completed' || task.status === 'error') return task;
    if (Date.now() > deadline) throw new Error(`task still ${task.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('operator cookies and proxy', () => {
  it('a download goes through the platform proxy with the platform cookie, and no log line shows either', async () => {
    expect(server.url, server.stderr()).toBeDefined();
    const task = await downloadThroughServer(site.url('/one.html'));
    expect(task.status, JSON.stringify(task)).toBe('completed');
    const fetched = proxy.seen.filter((r) => r.line.startsWith(`GET ${site.url('/')}`));
    expect(fetched.map((r) => r.line)).toContain(`GET ${site.url('/a.mp4')}`);
    expect(fetched.every((r) => r.cookie.includes(`sid=${cookieValue}`))).toBe(true);
    const log = server.stdout() + server.stderr();
    expect(log).toContain('"msg":"request"'); // the log was captured: the checks below mean something
    expect(log).not.toContain(cookieValue);
    expect(log).not.toContain(proxyPassword);
    expect(log).not.toContain(cookiesDir);
  }, 120_000);
});

describe("yt-dlp's argument list", () => {
  const base = { MEDIA_TEST_HOSTS: '', LOG_LEVEL: 'silent' };

  it("the project runtime and impersonation; the remote solver only for a real server; proxies are the guard's upstream", async () => {
    const real = loadConfig({
      ...base,
      NODE_ENV: 'production',
      YTDLP_PROXY: 'https://127.0.0.1:1080',
      YTDLP_PROXY_INSTAGRAM: 'http://127.0.0.1:3128',
      YTDLP_IMPERSONATE: 'chrome',
      YTDLP_EXTRACTOR_ARGS_YOUTUBE: 'youtube:player_client=web',
    });
    const args = await engineArgs(real);
    expect(args).toEqual(
      expect.arrayContaining(['--js-runtimes', `deno:${real.DENO_PATH}`, '--remote-components']),
    );
    expect(args[args.indexOf('--remote-components') + 1]).toBe('ejs:github');
    expect(args[args.indexOf('--impersonate') + 1]).toBe('chrome');
    // An operator proxy never becomes a --proxy of its own (it would go around the egress guard).
    expect(args).not.toContain('--proxy');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'grabbit-job-'));
    try {
      const forYoutube = await ytDlpAccess(real, youtube);
      expect(forYoutube.upstreamProxy).toBe('https://127.0.0.1:1080');
      const extractorArgs = forYoutube.engineArgs.indexOf('--extractor-args');
      expect(forYoutube.engineArgs[extractorArgs + 1]).toBe('youtube:player_client=web');
      const forInstagram = await ytDlpAccess(real, instagram);
      expect(forInstagram.upstreamProxy).toBe('http://127.0.0.1:3128');
      expect(forInstagram.engineArgs).not.toContain('--proxy');
      expect(forInstagram.engineArgs).not.toContain('--extractor-args');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const inTests = await engineArgs(loadConfig({ ...base, NODE_ENV: 'test' }));
    expect(inTests).not.toContain('--remote-components');
  });

  it("Debian's older yt-dlp gets only the options it knows", async () => {
    const old = loadConfig({
      ...base,
      YTDLP_PATH: '/usr/bin/yt-dlp',
      YTDLP_PROXY: 'http://127.0.0.1:3128',
      YTDLP_IMPERSONATE: 'chrome',
    });
    const args = await engineArgs(old);
    expect(args).not.toContain('--proxy');
    expect(args).not.toContain('--js-runtimes');
    expect(args).not.toContain('--impersonate');
  });

  it("the visitor's own Instagram cookie wins over the operator's file for its job", async () => {
    const config = loadConfig({ ...base, COOKIES_DIR: cookiesDir });
    const dir = await mkdtemp(path.join(os.tmpdir(), 'grabbit-job-'));
    try {
      const visitorFile = await writeSessionCookies(dir, instagram, 'sessionid=visitor-own');
      const visitor = await ytDlpAccess(config, instagram, { visitorCookiesFile: visitorFile });
      expect(readFileSync(visitor.cookiesFile ?? '', 'utf8')).toContain('visitor-own');
      // Moved out of the job folder into the run's own private folder, gone with release().
      expect(existsSync(visitorFile ?? '')).toBe(false);
      await visitor.release();
      expect(existsSync(visitor.cookiesFile ?? '')).toBe(false);
      const operator = await ytDlpAccess(config, youtube);
      expect(readFileSync(operator.cookiesFile ?? '', 'utf8')).toContain(cookieValue);
      const privateFolder = path.dirname(operator.cookiesFile ?? '');
      expect(path.dirname(privateFolder)).not.toBe(dir);
      expect(statSync(privateFolder).mode & 0o777).toBe(0o700);
      await operator.release();
      const none = await ytDlpAccess(config, platformById('vimeo') as Platform);
      expect(none.cookiesFile).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
