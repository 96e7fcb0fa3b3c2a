// The image run as an operator runs it: built from the Dockerfile, started non-root with a
// read-only root file system and a volume for /data, then a download from the local fixture site
// and a PNG to JPEG conversion through the API, and its result still served by a new container on
// the same volume. The scaled compose file follows in scaled-compose.test.ts.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DownloadTask } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../../apps/server/test/support/fixture-site';
import { freePort } from '../../apps/server/test/support/free-port';
import { makeImage } from '../../apps/server/test/support/media-fixtures';
import { finished } from '../../apps/server/test/support/scaled-processes';
import { testLimits } from '../../apps/server/test/support/test-limits';
import { buildImage, healthy, image, logs, podman, removeAll, testImages } from './support/podman';

const id = randomUUID().slice(0, 8);
const volume = `grabbit-test-data-${id}`;
const containers: string[] = [];
let site: FixtureSite;
let port: number;
let origin: string;
let scratch: string;

/** `docker run` as the README's operator would, on the test's port, with the fixture site allowed. */
async function runContainer(name: string): Promise<void> {
  const settings = {
    ...testLimits,
    HOST: '127.0.0.1',
    PORT: String(port),
    // The documented offline-testing switch (refused with NODE_ENV=production, the image's default).
    NODE_ENV: 'test',
    MEDIA_TEST_HOSTS: site.host,
  };
  containers.push(name);
  await podman([
    'run',
    '--detach',
    '--name',
    name,
    '--read-only',
    '--tmpfs',
    '/tmp',
    '--volume',
    `${volume}:/data`,
    ...Object.entries(settings).flatMap(([key, value]) => ['--env', `${key}=${value}`]),
    image,
  ]);
  await healthy(origin, name);
}

beforeAll(async () => {
  await buildImage(testImages.grabbit);
  site = await startFixtureSite();
  port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  scratch = mkdtempSync(path.join(os.tmpdir(), 'grabbit-image-test-'));
  await runContainer(`grabbit-test-${id}-a`);
});

afterAll(async () => {
  await removeAll(containers, [volume]);
  await site?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the image, run as an operator runs it', () => {
  let download: DownloadTask;

  it('runs the server as the non-root user under tini, with a read-only root and a healthy check', async () => {
    const name = containers[0]!;
    expect(await podman(['exec', name, 'id', '-u'])).toBe('10001');
    expect(await podman(['exec', name, 'cat', '/proc/1/comm'])).toBe('tini');
    await expect(podman(['exec', name, 'touch', '/app/x'])).rejects.toThrow(/Read-only file system/);
    expect(await podman(['inspect', '--format', '{{.HostConfig.ReadonlyRootfs}}', name])).toBe('true');
    // The image's own HEALTHCHECK (podman runs it on demand here: no systemd timer).
    await podman(['healthcheck', 'run', name]);
    const health = (await (await fetch(`${origin}/health`)).json()) as { ytDlp: { source: string } };
    expect(health.ytDlp.source).toBe('project environment');
  });

  it('downloads from the fixture site through the API', async () => {
    const started = await fetch(`${origin}/api/download/youtube`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: site.url('/a.mp4'), format: 'mp4' }),
    });
    expect(started.status, await logs(containers[0]!)).toBe(200);
    const { taskId } = (await started.json()) as { taskId: string };
    download = await finished({ origin } as never, taskId);
    expect(download, await logs(containers[0]!)).toMatchObject({ status: 'completed' });
    const file = await fetch(`${origin}${download.downloadUrl}`);
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBe(download.fileSize);
  });

  it('converts a PNG to JPEG through the API', async () => {
    const png = readFileSync(await makeImage(scratch, 'photo.png'));
    const form = new FormData();
    form.append('OutputFormat', 'jpg');
    form.append('InputFile', new Blob([png], { type: 'image/png' }), 'photo.png');
    const answer = await fetch(`${origin}/api/convert/image`, { method: 'POST', body: form });
    expect(answer.status, await logs(containers[0]!)).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    const jpeg = Buffer.from(await answer.arrayBuffer());
    expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('stops on SIGTERM, and a new container on the same volume still serves the result', async () => {
    const first = containers[0]!;
    await podman(['stop', '--time', '30', first]);
    expect(await podman(['inspect', '--format', '{{.State.ExitCode}}', first])).toBe('0');
    await runContainer(`grabbit-test-${id}-b`);
    const file = await fetch(`${origin}${download.downloadUrl}`);
    expect(file.status, await logs(containers[1]!)).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBe(download.fileSize);
  });
});
