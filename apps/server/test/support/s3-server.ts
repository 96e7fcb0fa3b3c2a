// A real S3-compatible server (the s3rver package) for scaled-mode tests and benchmarks: a free
// port, a temporary folder, one bucket. env() gives the settings a server or worker process reads.
import { mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Client } from '@aws-sdk/client-s3';
import { createS3Client } from '../../src/storage/s3-client';
import { addMultipartCalls } from './s3rver-multipart';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The S3_* settings pointing at this server. */
  env(): Record<string, string>;
  /** A client for this server (the caller destroys it). */
  client(): S3Client;
  close(): Promise<void>;
}

// s3rver accepts any signature made with these (its documented defaults).
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

interface ObjectFiles {
  getResourcePath(bucket: string, key: string, resource: string): string;
  deleteObject(bucket: string, key: string): Promise<void>;
}

/**
 * s3rver removes a key's folder once its last object is deleted; a put into that folder at the
 * same moment then fails inside s3rver with an error nothing catches, which ends the whole test
 * run. Tests in parallel share one server (results/ and uploads/ are busy), so its deletes here
 * remove the object's files only and leave the folders.
 */
function keepFolders(server: S3rver): void {
  const store = (server as unknown as { store: ObjectFiles }).store;
  store.deleteObject = async (bucket, key) => {
    const files = ['object', 'object.md5', 'metadata.json'].map((resource) =>
      store.getResourcePath(bucket, key, resource),
    );
    await Promise.all(files.map((file) => rm(file, { force: true })));
  };
}

export async function startS3(bucket = 'grabbit-test'): Promise<TestS3> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  addMultipartCalls(server);
  keepFolders(server);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: () => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    client: () =>
      createS3Client({
        bucket,
        endpoint,
        region: 'us-east-1',
        ...credentials,
        forcePathStyle: true,
      }),
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
