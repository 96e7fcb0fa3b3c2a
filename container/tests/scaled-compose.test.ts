// The scaled compose file (compose.scaled.yaml) run for real: two API containers and two workers
// from the one image on Redis and an S3-compatible store. The file users get names the official
// redis and minio images; no public registry is reachable here, so the test runs the same file with
// those two replaced by images built from Debian's redis-server and the npm package s3rver, every
// container on the host's network (each on a free port). A download started on one API container
// is followed on the hub of the other and fetched from it.
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
import { buildImage, env, healthy, image, podman, root } from './support/podman';

const project = `grabbit-scaled-${randomUUID().slice(0, 8)}`;
const redisImage = 'localhost/grabbit-test-redis:latest';
const s3Image = 'localhost/grabbit-test-s3:latest';
const exec = promisify(execFile);
let site: FixtureSite;
let folder: string;
let composeFile: string;
const origins: string[] = [];
let socket: Socket | undefined;

interface Service {
  image?: string;
  build?: unknown;
  ports?: unknown;
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  healthcheck?: Record<string, unknown>;
  network_mode?: string;
}

function compose(...args: string[]) {
  return exec('podman-compose', ['--project-name', project, '--file', composeFile, ...args], {
    env,
    timeout: 5 * 60_000,
    maxBuffer: 64 * 1024 ** 2,
  });
}

/** compose.scaled.yaml as users get it, with the test's images, addresses and settings. */
async function testCompose(): Promise<string> {
  const file = parse(readFileSync(path.join(root, 'compose.scaled.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, Service>;
  };
  const [apiPort1, apiPort2, redisPort, s3Port] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  origins.push(`http://127.0.0.1:${apiPort1}`, `http://127.0.0.1:${apiPort2}`);
  const settings = {
    ...testLimits,
    NODE_ENV: 'test',
    MEDIA_TEST_HOSTS: site.host,
    PUBLIC_URL: origins[0]!,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    // s3rver takes any signature made with its documented keys.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    RATE_LIMIT_SALT: 'the-same-salt-on-every-api-container',
  };
  const { services } = file;
  for (const [name, service] of Object.entries(services)) {
    service.network_mode = 'host';
    delete service.ports;
    delete service.build;
    if (name.startsWith('api-') || name.startsWith('worker-')) {
      expect(service.image).toBe('grabbit:latest');
      service.image = image;
      service.environment = { ...service.environment, ...settings, HOST: '127.0.0.1' };
    }
  }
  services['api-1']!.environment!.PORT = String(apiPort1);
  services['api-2']!.environment!.PORT = String(apiPort2);
  services.redis = {
    ...services.redis,
    image: redisImage,
    command: [
      'redis-server',
      '--bind',
      '127.0.0.1',
      '--port',
      String(redisPort),
      '--save',
      '',
      '--appendonly',
      'no',
    ],
    healthcheck: { test: ['CMD', 'redis-cli', '-p', String(redisPort), 'ping'], interval: '2s' },
  };
  services.minio = {
    ...services.minio,
    image: s3Image,
    environment: {},
    command: [
      '--address',
      '127.0.0.1',
      '--port',
      String(s3Port),
      '--configure-bucket',
      'grabbit',
      '--silent',
    ],
    healthcheck: { test: ['CMD', 'true'] },
  };
  // s3rver makes the bucket itself (--configure-bucket): the bucket job has nothing to do.
  services.bucket = { ...services.bucket, image: s3Image, environment: {}, command: ['exit 0'] };
  const text = stringify(file);
  expect(text).not.toContain('${');
  return text;
}

beforeAll(async () => {
  await Promise.all([
    buildImage(image),
    buildImage(redisImage, 'container/test-images/redis.Dockerfile'),
    buildImage(s3Image, 'container/test-images/s3.Dockerfile'),
  ]);
  site = await startFixtureSite({ bigMegabytes: 0.4 });
  folder = mkdtempSync(path.join(os.tmpdir(), 'grabbit-scaled-compose-'));
  composeFile = path.join(folder, 'compose.yaml');
  writeFileSync(composeFile, await testCompose());
  await compose('up', '--detach');
  await Promise.all(origins.map((origin, index) => healthy(origin, `${project}_api-${index + 1}_1`)));
});

afterAll(async () => {
  socket?.disconnect();
  if (composeFile) await compose('down', '--volumes').catch(() => undefined);
  await podman([
    'volume',
    'prune',
    '--force',
    '--filter',
    `label=io.podman.compose.project=${project}`,
  ]).catch(() => '');
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
    expect(await taskOn({ origin: api2 } as never, taskId)).toMatchObject({ status: 'completed' });
    expect(task).toMatchObject({ status: 'completed' });
    const file = await fetch(`${api2}${task.downloadUrl}`);
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBe(task.fileSize);
  });
});
