// Cloud storage in the S3-compatible bucket (the real s3rver): the store contract against both the
// local folder and BucketCloudStore, then the embedded app with S3_BUCKET set keeping a fixture
// download under cloud/ and serving the same bytes through its signed link.
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskCloudStore } from '../src/cloud/disk-cloud-store';
import { BucketCloudStore } from '../src/cloud/bucket-cloud-store';
import { cloudOn, cloudStatus, fetchLink, keepDownload, stored, taskState } from './support/cloud-app';
import { cloudStoreContract } from './support/cloud-store-contract';
import { startFixtureSite, type FixtureSite } from './support/fixture-site';
import { startS3, type TestS3 } from './support/s3-server';
import { startTestApp, type TestApp } from './support/test-app';

let s3: TestS3;
let client: ReturnType<TestS3['client']>;
const localRoot = mkdtempSync(path.join(os.tmpdir(), 'grabbit-cloud-contract-'));

beforeAll(async () => {
  s3 = await startS3();
  client = s3.client();
});

afterAll(async () => {
  client?.destroy();
  await s3?.close();
  rmSync(localRoot, { recursive: true, force: true });
});

async function bucketKeys(): Promise<string[]> {
  const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (page.Contents ?? []).map((object) => object.Key ?? '');
}

cloudStoreContract('local', (now) => DiskCloudStore.open(localRoot, now));
cloudStoreContract('s3', async (now) => new BucketCloudStore(client, s3.bucket, now));

describe('cloud storage on the embedded app with S3_BUCKET set', () => {
  let site: FixtureSite;
  let test: TestApp;

  beforeAll(async () => {
    site = await startFixtureSite();
    test = await startTestApp(
      { ...cloudOn, ...s3.env(), MEDIA_TEST_HOSTS: site.host },
      { prefix: 'grabbit-cloud-s3-' },
    );
  });

  afterAll(async () => {
    await test?.close();
    await site?.close();
  });

  it('keeps a fixture download in the bucket: the link gives the same bytes, delete removes it', async () => {
    expect((await cloudStatus(test.app)).provider).toBe('s3');
    const answer = stored(await keepDownload(test.app, site.url('/a.mp4'), { customKey: 'My clip' }));
    expect(await bucketKeys()).toContain(`cloud/${answer.fileKey}`);
    const task = await taskState(test.app, answer.taskId ?? '');
    const result = await test.app.inject({ method: 'GET', url: task.downloadUrl ?? '' });
    expect(result.statusCode).toBe(200);

    const file = await fetchLink(test.app, answer.downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBeGreaterThan(1000);
    expect(file.rawPayload.equals(result.rawPayload)).toBe(true);
    expect(file.headers['content-disposition']).toContain('My clip.mp4');
    const link = new URL(answer.downloadUrl, 'http://localhost');
    const range = await test.app.inject({
      method: 'GET',
      url: link.pathname + link.search,
      headers: { range: 'bytes=0-9' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(result.rawPayload.subarray(0, 10))).toBe(true);

    const status = await cloudStatus(test.app, answer.fileKey);
    expect(status.usage).toMatchObject({ objects: 1, bytes: result.rawPayload.length });
    const url = `/api/cloudstorage/delete/${encodeURIComponent(answer.fileKey)}`;
    expect((await test.app.inject({ method: 'DELETE', url })).statusCode).toBe(200);
    expect((await test.app.inject({ method: 'DELETE', url })).statusCode).toBe(404);
    expect(await bucketKeys()).not.toContain(`cloud/${answer.fileKey}`);
    expect((await fetchLink(test.app, answer.downloadUrl)).statusCode).toBe(404);
  }, 120_000);
});
