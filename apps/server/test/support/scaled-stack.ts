// A whole scaled-mode deployment for process-level tests: a real redis-server, s3rver, the fixture
// site, and any number of API and worker processes sharing one data folder (a shared disk) and the
// same settings. close() stops every process it started (also after a failed test), then the
// servers, and removes the folder.
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFixtureSite, type FixtureMediaOptions, type FixtureSite } from './fixture-site';
import { startRedis, type TestRedis } from './redis-server';
import { startS3, type TestS3 } from './s3-server';
import { startApiProcess, startWorkerProcess, type ApiProcess, type NodeProcess } from './scaled-processes';

export interface ScaledStack {
  redis: TestRedis;
  s3: TestS3;
  site: FixtureSite;
  dataDir: string;
  /** The settings every process gets (plus its own extras). */
  env: Record<string, string>;
  api(name: string, extra?: Record<string, string>): Promise<ApiProcess>;
  worker(name: string, extra?: Record<string, string>): Promise<NodeProcess>;
  /** Object keys in the bucket. */
  bucketKeys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function startScaledStack(
  env: Record<string, string> = {},
  media: FixtureMediaOptions = {},
): Promise<ScaledStack> {
  const servers = await Promise.allSettled([startRedis(), startS3(), startFixtureSite(media)] as const);
  const failure = servers.find((server) => server.status === 'rejected');
  if (failure) {
    // Whatever did start is stopped before the failure is reported.
    for (const server of servers) if (server.status === 'fulfilled') await server.value.close();
    throw failure.reason;
  }
  const [redis, s3, site] = servers.map((server) => (server as PromiseFulfilledResult<unknown>).value) as [
    TestRedis,
    TestS3,
    FixtureSite,
  ];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-stack-'));
  const started: NodeProcess[] = [];
  const settings = {
    REDIS_URL: redis.url,
    ...s3.env(),
    MEDIA_TEST_HOSTS: site.host,
    DATA_DIR: dataDir,
    ...env,
  };
  const track = async <T extends NodeProcess>(starting: Promise<T>): Promise<T> => {
    const process = await starting;
    started.push(process);
    return process;
  };
  return {
    redis,
    s3,
    site,
    dataDir,
    env: settings,
    api: (name, extra = {}) => track(startApiProcess(name, { ...settings, ...extra })),
    worker: (name, extra = {}) => track(startWorkerProcess(name, { ...settings, ...extra })),
    async bucketKeys(prefix) {
      const client = s3.client();
      try {
        const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
        return (page.Contents ?? []).map((object) => object.Key ?? '');
      } finally {
        client.destroy();
      }
    },
    async close() {
      await Promise.all(started.map((process) => process.stop()));
      await Promise.all([redis.close(), s3.close(), site.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
