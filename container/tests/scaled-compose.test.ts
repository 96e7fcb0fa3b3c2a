// The scaled compose file (compose.scaled.yaml) run for real: two API containers and two workers
// from the one image on Redis and an S3-compatible store, on the file's own network, where the
// containers find each other by service name. The file users get names the official redis and
// minio images; no public registry is reachable here, so the test runs the same file with those
// two replaced by images built from Debian's redis-server and the npm package s3rver, and the API
// ports published on free local ports. The settings the file asks for (the bucket's keys, the
// public address) come from the environment, as a user's shell or .env gives them. A download
// started on one API container is followed on the hub of the other and fetched from it.
import { hubEvents, hubPath, type DownloadTask } from '@grabbit/contracts';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { startFixtureSite, type FixtureSite } from '../../apps/server/test/support/fixture-site';
import { freePort } from '../../apps/server/test/support/free-port';
import { taskOn } from '../../apps/server/test/support/scaled-processes';
import { testLimits } from '../../apps/server/test/support/test-limits';
import { buildImage, env, healthy, image, podman, root, testImages } from './support/podman';

const project = `grabbit-scaled-${randomUUID().slice(0, 8)}`;
const exec = promisify(execFile);
let site: FixtureSite;
let folder: string;
let composeFile: string;
const origins: string[] = [];
let socket: Socket | undefined;

interface Service {
  image?: string;
  build?: unknown;
  ports?: string[];
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  healthcheck?: Record<string, unknown>;
}

function compose(...args: string[]) {
  return exec('podman-compose', ['--project-name', project, '--file', composeFile, ...args], {
    // What a user sets before the first start (the file refuses to start without the secret key):
    // s3rver takes any signature made with its documented keys.
    env: { ...env, S3_ACCESS_KEY: 'S3RVER', S3_SECRET_KEY: 'S3RVER', PUBLIC_URL: origins[0] },
    timeout: 5 * 60_000,
    maxBuffer: 64 * 1024 ** 2,
  });
}

/** compose.scaled.yaml as users get it, with the test's images, ports and test settings. */
async function testCompose(): Promise<string> {
  const file = parse(readFileSync(path.join(root, 'compose.scaled.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, Service>;
    volumes?: unknown;
  };
  const ports = [await freePort(), await freePort()];
  origins.push(...ports.map((port) => `http://127.0.0.1:${port}`));
  // The limits lifted for a test's many quick calls, and the fixture site let through the egress
  // guard (a test-only switch, refused in production).
  const testSettings = { ...testLimits, NODE_ENV: 'test', MEDIA_TEST_HOSTS: site.host };
  const { services } = file;
  for (const [name, shared] of Object.entries(services)) {
    // `worker-2: *worker` is the same object as worker-1 once parsed: each service gets its own.
    const service = structuredClone(shared);
    services[name] = service;
    if (!name.startsWith('api-') && !name.startsWith('worker-')) continue;
    expect(service.image).toBe('grabbit:latest');
    service.image = image;
    delete service.build;
    service.environment = { ...service.environment, ...testSettings };
  }
  services['api-1']!.ports = [`127.0.0.1:${ports[0]}:5000`];
  services['api-2']!.ports = [`127.0.0.1:${ports[1]}:5000`];
  services.redis!.image = testImages.redis.tag;
  services.minio = {
    ...services.minio,
    image: testImages.s3.tag,
    environment: {},
    // Without --no-vhost-buckets s3rver takes the host name (minio) for a bucket's name.
    command: [
      '--address',
      '0.0.0.0',
      '--port',
      '9000',
      '--no-vhost-buckets',
      '--configure-bucket',
      'grabbit',
      '--silent',
    ],
    healthcheck: {
      test: ['CMD', 'node', '-e', "fetch('http://127.0.0.1:9000/').then(() => 0, () => process.exit(1))"],
      interval: '2s',
    },
  };
  // s3rver makes the bucket itself (--configure-bucket): the bucket job has nothing to do.
  services.bucket = { ...services.bucket, image: testImages.s3.tag, environment: {}, command: ['exit 0'] };
  // podman-compose reads YAML 1.1, where a plain `yes` is a boolean: write the file in 1.1 so such
  // strings stay quoted.
  return stringify({ services, volumes: file.volumes }, { version: '1.1' });
}

beforeAll(async () => {
  await Promise.all([
    buildImage(testImages.grabbit),
    buildImage(testImages.redis),
    buildImage(testImages.s3),
  ]);
  site = await startFixtureSite({ bigMegabytes: 0.4, reachedAs: 'host.containers.internal' });
  folder = mkdtempSync(path.join(os.tmpdir(), 'grabbit-scaled-compose-'));
  composeFile = path.join(folder, 'compose.yaml');
  writeFileSync(composeFile, await testCompose());
  await compose('up', '--detach');
  await Promise.all(origins.map((origin, index) => healthy(origin, `${project}_api-${index + 1}_1`)));
});

afterAll(async () => {
  socket?.disconnect();
  // The image's VOLUME gives each Grabbit container an anonymous /data volume, which compose's
  // `down --volumes` leaves behind: the containers go first, with their volumes.
  const containers = await podman([
    'ps',
    '--all',
    '--filter',
    `label=io.podman.compose.project=${project}`,
    '--format',
    '{{.Names}}',
  ]).catch(() => '');
  const names = containers.split('\n').filter(Boolean);
  if (names.length > 0) await podman(['rm', '--force', '--volumes', ...names]).catch(() => '');
  if (composeFile) await compose('down', '--volumes').catch(() => undefined);
  await podman([
    'volume',
    'prune',
    '--force',
    '--filter',
    `label=io.podman.compose.project=${project}`,
  ]).catch(() => '');
  await podman(['network', 'rm', '--force', `${project}_default`]).catch(() => '');
  await site?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('the scaled compose file', () => {
  it('runs two API containers and two workers from the one image', async () => {
    const names = (
      await podman(['ps', '--filter', `label=io.podman.compose.project=${project}`, '--format', '{{.Names}}'])
    )
      .split('\n')
      .sort();
    expect(names).toEqual(
      ['api-1', 'api-2', 'minio', 'redis', 'worker-1', 'worker-2'].map(
        (service) => `${project}_${service}_1`,
      ),
    );
    for (const origin of origins) {
      const health = (await (await fetch(`${origin}/health`)).json()) as { mode: string };
      expect(health.mode).toBe('scaled');
    }
  });

  it('follows a download started on one API container on the other, and serves it from there', async () => {
    const [api1, api2] = origins as [string, string];
    const started = await fetch(`${api1}/api/download/youtube`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: site.url('/throttle/big.mp4'), format: 'mp4' }),
    });
    expect(started.status).toBe(200);
    const { taskId } = (await started.json()) as { taskId: string };
    socket = io(api2, { path: hubPath, transports: ['websocket'], forceNew: true });
    const events: string[] = [];
    const completed = new Promise<DownloadTask>((resolve) => {
      socket!.onAny((event: string, id: string, payload: unknown) => {
        if (id !== taskId) return;
        events.push(event);
        if (event === hubEvents.taskCompleted) resolve(payload as DownloadTask);
      });
    });
    socket.emit(hubEvents.joinTask, taskId);
    // The throttled file takes seconds: the hub of API 2 reports the worker's progress, then the end.
    const task = await completed;
    expect(events).toContain(hubEvents.taskProgress);
    expect(await taskOn({ origin: api2 }, taskId)).toMatchObject({ status: 'completed' });
    expect(task).toMatchObject({ status: 'completed' });
    const file = await fetch(`${api2}${task.downloadUrl}`);
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBe(task.fileSize);
  });
});
