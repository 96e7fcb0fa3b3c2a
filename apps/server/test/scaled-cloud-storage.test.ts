// Cloud storage in scaled mode, end to end: two API processes and a worker on a real redis-server
// and s3rver, no CLOUD_SIGNING_SECRET set and no shared disk (each process its own DATA_DIR). A fixture kept through API 1 is served through API 2,
// private links made by either node validate on the other (the secret is shared through Redis),
// deletes work from any node, one customKey gives two visitors two keys, and retention holds
// across a restart of both API nodes.
import type { CloudStatusResponse, CloudStoreResponse, DownloadTask } from '@grabbit/contracts';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiProcess } from './support/scaled-processes';
import { startScaledStack, type ScaledStack } from './support/scaled-stack';

let stack: ScaledStack;
let apis: [ApiProcess, ApiProcess];

/** An API node with a data folder of its own (restarts of one name keep theirs). */
const startApi = (name: string) => stack.api(name, { DATA_DIR: path.join(stack.dataDir, name) });

beforeAll(async () => {
  stack = await startScaledStack({ FEATURE_CLOUD_STORAGE: 'true' });
  apis = [await startApi('api-1'), await startApi('api-2')];
  await stack.worker('worker-1', { DATA_DIR: path.join(stack.dataDir, 'worker-1') });
}, 180_000);

afterAll(async () => {
  await stack?.close();
});

async function keep(api: ApiProcess, options: Record<string, unknown>): Promise<CloudStoreResponse> {
  const response = await fetch(`${api.origin}/api/cloudstorage/download-and-upload`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      url: stack.site.url('/a.mp4'),
      format: 'mp4',
      quality: 'best',
      platform: 'youtube',
      ...options,
    }),
  });
  const body = (await response.json()) as CloudStoreResponse;
  if (response.status !== 200) throw new Error(`${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** The same link (path and signature) asked of another node. */
function through(api: ApiProcess, link: string): string {
  const url = new URL(link, api.origin);
  return `${api.origin}${url.pathname}${url.search}`;
}

async function status(api: ApiProcess, fileKey: string): Promise<CloudStatusResponse> {
  const response = await fetch(
    `${api.origin}/api/cloudstorage/status?fileKey=${encodeURIComponent(fileKey)}`,
  );
  return (await response.json()) as CloudStatusResponse;
}

const remove = (api: ApiProcess, fileKey: string) =>
  fetch(`${api.origin}/api/cloudstorage/delete/${encodeURIComponent(fileKey)}`, { method: 'DELETE' });

describe('cloud storage in scaled mode: two API nodes, one worker, the bucket', () => {
  let kept: CloudStoreResponse;
  let original: Buffer;

  it('keeps a download started on API 1; its task and its file answer from API 2', async () => {
    const [api1, api2] = apis;
    kept = await keep(api1, { customKey: 'Shared clip', makePublic: true });
    // No PUBLIC_URL in this stack: the link is a path, good on any node (never a Host header).
    expect(kept.downloadUrl).toMatch(/^\/api\/cloudstorage\/files\//);
    expect(await stack.bucketKeys('cloud/')).toContain(`cloud/${kept.fileKey}`);

    const task = (await (
      await fetch(`${api2.origin}/api/download/task/${kept.taskId}`)
    ).json()) as DownloadTask;
    expect(task).toMatchObject({ status: 'completed', cloudFileKey: kept.fileKey });
    const result = await fetch(`${api2.origin}${task.downloadUrl}`);
    expect(result.status).toBe(200);
    original = Buffer.from(await result.arrayBuffer());

    const file = await fetch(through(api2, kept.downloadUrl));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('Shared clip.mp4');
    expect(Buffer.from(await file.arrayBuffer()).equals(original)).toBe(true);
  }, 120_000);

  it('validates a private link of API 1 on API 2, and a fresh one of API 2 on API 1', async () => {
    const [api1, api2] = apis;
    const secret = await keep(api1, { makePublic: false });
    expect(secret.downloadUrl).toContain('signature=');
    const onOther = await fetch(through(api2, secret.downloadUrl));
    expect(onOther.status).toBe(200);
    expect(Buffer.from(await onOther.arrayBuffer()).equals(original)).toBe(true);
    // A forged signature is refused by both.
    const forged = through(api2, secret.downloadUrl).replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await fetch(forged)).status).toBe(403);

    const fresh = (await status(api2, secret.fileKey)).file?.downloadUrl ?? '';
    expect(fresh).toContain('signature=');
    expect((await fetch(through(api1, fresh))).status).toBe(200);
  }, 120_000);

  it('gives two visitors using one customKey two keys; neither key reaches the other file', async () => {
    const [api1, api2] = apis;
    const first = await keep(api1, { customKey: 'holiday', makePublic: true });
    const second = await keep(api2, { customKey: 'holiday', makePublic: true });
    expect(first.fileKey).not.toBe(second.fileKey);
    expect(first.fileKey.endsWith('-holiday')).toBe(true);
    expect(second.fileKey.endsWith('-holiday')).toBe(true);
    // The name alone is no key.
    expect((await remove(api1, 'holiday')).status).toBe(404);
    expect((await remove(api2, first.fileKey)).status).toBe(200);
    expect((await fetch(through(api1, second.downloadUrl))).status).toBe(200);
  }, 120_000);

  it('deletes through API 2 what API 1 stored; the second delete is 404 on either node', async () => {
    const [api1, api2] = apis;
    const deleted = await remove(api2, kept.fileKey);
    expect(deleted.status).toBe(200);
    expect(await stack.bucketKeys('cloud/')).not.toContain(`cloud/${kept.fileKey}`);
    for (const api of [api2, api1]) {
      const again = await remove(api, kept.fileKey);
      expect(again.status).toBe(404);
      expect(await again.json()).toMatchObject({ code: 'CLOUD_FILE_NOT_FOUND' });
    }
    expect((await fetch(through(api1, kept.downloadUrl))).status).toBe(404);
  });

  it('enforces retention across a restart of both API nodes; private links still validate', async () => {
    // 0.003 h is about 11 s: long enough to see it stored, short enough to pass during the restart.
    const short = await keep(apis[0], { retentionHours: 0.003, makePublic: true });
    const long = await keep(apis[1], { retentionHours: 24, makePublic: false });
    expect(await stack.bucketKeys('cloud/')).toEqual(
      expect.arrayContaining([`cloud/${short.fileKey}`, `cloud/${long.fileKey}`]),
    );
    await Promise.all(apis.map((api) => api.stop()));
    const wait = Date.parse(short.expiresAt) - Date.now() + 500;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));

    apis = [await startApi('api-1'), await startApi('api-2')];
    // Swept at start-up, before anyone asked for it.
    const keys = await stack.bucketKeys('cloud/');
    expect(keys).not.toContain(`cloud/${short.fileKey}`);
    expect(keys).toContain(`cloud/${long.fileKey}`);
    const gone = await fetch(through(apis[0], short.downloadUrl));
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ code: 'CLOUD_FILE_NOT_FOUND' });
    // The link made before the restart was signed with the secret every node still shares.
    for (const api of apis) expect((await fetch(through(api, long.downloadUrl))).status).toBe(200);
  }, 180_000);
});
