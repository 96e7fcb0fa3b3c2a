// Global set-up of the `integration-scaled` project: one real redis-server and one s3rver for the
// whole run; each test app then runs in scaled mode under its own Redis name space (test-app.ts).
import type { TestProject } from 'vitest/node';
import { startRedis } from './redis-server';
import { startS3 } from './s3-server';
import './test-app';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [redis, s3] = await Promise.all([startRedis(), startS3()]);
  // Results are streamed through the app (not redirected), as the embedded suites expect.
  project.provide('scaledEnv', { REDIS_URL: redis.url, ...s3.env(), S3_REDIRECTS: 'false' });
  return async () => {
    await Promise.all([redis.close(), s3.close()]);
  };
}
