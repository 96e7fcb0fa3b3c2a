// One S3 client from the S3_* settings. Any S3-compatible service works (AWS S3, R2, MinIO...):
// checksums are only sent and checked where the S3 API requires them, since several compatible
// servers do not understand the newer default checksum headers.
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The AWS SDK's S3 module (client, commands, errors), loaded by the first bucket operation: a
 * server that keeps its results on disk never holds the SDK in memory. A plain synchronous
 * require (the SDK is CommonJS), so constructors and error checks stay synchronous.
 */
export function s3Sdk(): typeof S3Sdk {
  return require('@aws-sdk/client-s3') as typeof S3Sdk;
}

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** The client's settings (also what libraries that build their own client take). */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  const { endpoint, region, accessKeyId, secretAccessKey, forcePathStyle } = settings;
  return {
    region,
    forcePathStyle,
    ...(endpoint ? { endpoint } : {}),
    // Without explicit keys the SDK's own chain is used (environment, instance role...).
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that does not answer must not hold a visitor or a worker for minutes.
    maxAttempts: 3,
  };
}

export function createS3Client(settings: S3Settings): S3Client {
  return new (s3Sdk().S3Client)(s3ClientConfig(settings));
}

/** The S3 settings from the configuration, or undefined when no bucket is set. */
export function s3SettingsFrom(config: {
  S3_BUCKET?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE: boolean;
}): S3Settings | undefined {
  if (!config.S3_BUCKET) return undefined;
  return {
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}
