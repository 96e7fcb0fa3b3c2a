// The API from a page on another origin listed in CORS_ORIGINS, as a partner site's own code calls
// it in Chromium (a second host name mapped to loopback): a JSON download call with a Bearer API
// key, the result saved under the name Content-Disposition gives; a resumable upload with
// tus-js-client, paused after its first chunk and resumed from the offset the server reports.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiPath, apiRoutes } from '@grabbit/contracts/api-paths';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../../apps/server/test/support/fixture-site';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { startServer, type RunningServer } from '../support/server';

const partnerHost = 'partner.test';
const apiKey = 'partner-site-key-0123456789abcdef';
const tusBundle = readFileSync(
  createRequire(import.meta.url).resolve('tus-js-client/dist/tus.min.js'),
  'utf8',
);

/** The partner's own site: one empty page and the tus client's browser bundle. */
function startPartnerSite(): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.url === '/tus.min.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(tusBundle);
      return;
    }
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><title>Partner</title><script src="/tus.min.js"></script>');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let site: FixtureSite;
let partner: Server;
let partnerOrigin: string;
let server: RunningServer;
let browser: Browser;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'grabbit-partner-'));
  const keys = path.join(dir, 'keys.json');
  writeFileSync(keys, JSON.stringify({ [apiKey]: { name: 'partner site' } }));
  site = await startFixtureSite();
  partner = await startPartnerSite();
  partnerOrigin = `http://${partnerHost}:${(partner.address() as AddressInfo).port}`;
  server = await startServer({
    env: { MEDIA_TEST_HOSTS: site.host, CORS_ORIGINS: partnerOrigin, API_KEYS_FILE: keys },
  });
  // Both names resolve to this machine: the partner's page and the API are two origins.
  const args = chromiumArgs.filter((arg) => !arg.startsWith('--host-resolver-rules='));
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...args, `--host-resolver-rules=MAP ${partnerHost} 127.0.0.1`],
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => partner?.close(resolve));
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function openPartnerPage(): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${partnerOrigin}/`);
  return page;
}

describe('a page on a listed origin', () => {
  it('starts a download with its API key and saves the file under the name the server gives', async () => {
    const page = await openPartnerPage();
    const api = server.url;
    const saving = page.waitForEvent('download');
    const fetched = await page.evaluate(
      async ({ api, key, link, start, taskPath }) => {
        const auth = { authorization: `Bearer ${key}` };
        const started = await fetch(`${api}${start}`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ url: link, format: 'mp4' }),
        });
        const { taskId } = (await started.json()) as { taskId: string };
        let task: { status: string; downloadUrl?: string } = { status: 'queued' };
        for (let tries = 0; tries < 600 && task.status !== 'completed' && task.status !== 'error'; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          const status = taskPath.replace(':taskId', encodeURIComponent(taskId));
          task = await (await fetch(`${api}${status}`, { headers: auth })).json();
        }
        const file = await fetch(`${api}${task.downloadUrl ?? ''}`, { headers: auth });
        const disposition = file.headers.get('content-disposition') ?? '';
        // RFC 6266: filename*=UTF-8''<percent-encoded> where the name needs it, else filename=.
        const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
        const plain = /filename=(?:"([^"]*)"|([^;]+))/i.exec(disposition);
        const name = encoded ? decodeURIComponent(encoded) : (plain?.[1] ?? plain?.[2] ?? '');
        // Saved as a browser saves a fetched file: a link to its bytes, named after the header.
        const save = document.createElement('a');
        save.href = URL.createObjectURL(await file.blob());
        save.download = name;
        document.body.append(save);
        save.click();
        return { status: started.status, task: task.status, disposition, name };
      },
      {
        api,
        key: apiKey,
        link: site.url('/a.mp4'),
        start: apiPath(apiRoutes.download, { platform: 'vimeo' }),
        taskPath: apiRoutes.downloadTask,
      },
    );
    expect(fetched.status).toBe(200);
    expect(fetched.task).toBe('completed');
    expect(fetched.disposition).toMatch(/^attachment;/);
    expect(fetched.name, fetched.disposition).toMatch(/\.mp4$/);
    const download = await saving;
    expect(download.suggestedFilename()).toBe(fetched.name);
    const saved = path.join(dir, fetched.name);
    await download.saveAs(saved);
    expect(statSync(saved).size).toBeGreaterThan(1000);
    await page.context().close();
  });

  it('uploads with tus-js-client, paused after the first chunk and resumed', async () => {
    const page = await openPartnerPage();
    const size = 3 * 1024 * 1024 + 123;
    const bytes = randomBytes(size).toString('base64');
    const result = await page.evaluate(
      async ({ endpoint, key, base64, size }) => {
        type TusUpload = { start(): void; abort(): Promise<void>; url: string | null };
        type Tus = { Upload: new (file: Blob, options: Record<string, unknown>) => TusUpload };
        const tus = (window as typeof window & { tus: Tus }).tus;
        const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const auth = { authorization: `Bearer ${key}` };
        const offsets: number[] = [];
        let paused = false;
        let resumedFrom = -1;
        const finished = new Promise<string>((resolve, reject) => {
          const upload = new tus.Upload(new Blob([data]), {
            endpoint,
            chunkSize: 1024 * 1024,
            headers: auth,
            metadata: { filename: 'partner.bin', filetype: 'application/octet-stream' },
            retryDelays: [],
            storeFingerprintForResuming: false,
            onChunkComplete: (_chunk: number, sent: number) => {
              offsets.push(sent);
              if (paused) return;
              paused = true;
              // Pause after the first chunk, ask the server how far it got, then go on.
              void upload.abort().then(async () => {
                const head = await fetch(upload.url ?? '', {
                  method: 'HEAD',
                  headers: { ...auth, 'tus-resumable': '1.0.0' },
                });
                resumedFrom = Number(head.headers.get('upload-offset'));
                upload.start();
              });
            },
            onSuccess: () => resolve(upload.url ?? ''),
            onError: reject,
          });
          upload.start();
        });
        const url = await finished;
        const head = await fetch(url, { method: 'HEAD', headers: { ...auth, 'tus-resumable': '1.0.0' } });
        return {
          url,
          offsets,
          resumedFrom,
          finalOffset: Number(head.headers.get('upload-offset')),
          length: Number(head.headers.get('upload-length')),
          size,
        };
      },
      { endpoint: `${server.url}${apiRoutes.uploads}/`, key: apiKey, base64: bytes, size },
    );
    expect(result.url).toMatch(/\/api\/uploads\/[A-Za-z0-9_-]+$/);
    expect(result.resumedFrom).toBe(1024 * 1024);
    expect(result.offsets.at(-1)).toBe(size);
    expect(result.finalOffset).toBe(size);
    expect(result.length).toBe(size);
    await page.context().close();
  });
});
