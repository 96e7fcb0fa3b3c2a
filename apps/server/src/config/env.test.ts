import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

describe('loadConfig', () => {
  it('fills every default from an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(5000);
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.NODE_ENV).toBe('development');
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.MEDIA_TEST_HOSTS).toEqual([]);
    expect(config.FEATURE_MONETIZATION).toBe(true);
    expect(config.RESULT_TTL_HOURS).toBe(24);
  });

  it('reads and converts given values; empty variables count as unset', () => {
    const config = loadConfig({
      PORT: '5200',
      MEDIA_TEST_HOSTS: ' 127.0.0.1:5200 , fixtures.test ,',
      FEATURE_MONETIZATION: 'false',
      LOG_LEVEL: '',
      API_CANDIDATES: 'https://a.example,http://b.example',
    });
    expect(config.PORT).toBe(5200);
    expect(config.MEDIA_TEST_HOSTS).toEqual(['127.0.0.1:5200', 'fixtures.test']);
    expect(config.FEATURE_MONETIZATION).toBe(false);
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.API_CANDIDATES).toEqual(['https://a.example', 'http://b.example']);
  });

  it('lists every bad variable in one message, with the value it read', () => {
    const error = configError({
      PORT: 'abc',
      LOG_LEVEL: 'loud',
      NODE_ENV: 'staging',
      DOWNLOAD_CONCURRENCY: '0',
      PUBLIC_URL: 'not a url',
      FEATURE_MONETIZATION: 'maybe',
    });
    expect(error.problems).toHaveLength(6);
    expect(error.message.split('\n')[0]).toBe('Invalid configuration:');
    expect(error.message).toContain('PORT="abc": expected a number');
    for (const name of [
      'LOG_LEVEL="loud"',
      'NODE_ENV="staging"',
      'DOWNLOAD_CONCURRENCY="0"',
      'PUBLIC_URL="not a url"',
      'FEATURE_MONETIZATION="maybe"',
    ]) {
      expect(error.message).toContain(`  - ${name}: `);
    }
    expect(error.message).not.toMatch(/\bat .+:\d+:\d+/);
  });

  it('refuses a port out of range', () => {
    expect(configError({ PORT: '70000' }).problems[0]).toMatch(/^PORT="70000": /);
  });

  it('refuses the offline-testing switch in production', () => {
    const error = configError({ NODE_ENV: 'production', MEDIA_TEST_HOSTS: '127.0.0.1' });
    expect(error.problems).toEqual([
      'MEDIA_TEST_HOSTS: the offline-testing switch is refused when NODE_ENV=production',
    ]);
    expect(loadConfig({ NODE_ENV: 'production' }).MEDIA_TEST_HOSTS).toEqual([]);
    expect(configError({ NODE_ENV: 'production', WEBHOOK_TEST_HOSTS: '127.0.0.1:9000' }).message).toContain(
      'WEBHOOK_TEST_HOSTS: the offline-testing switch is refused when NODE_ENV=production',
    );
    expect(loadConfig({ NODE_ENV: 'test', MEDIA_TEST_HOSTS: '127.0.0.1' }).MEDIA_TEST_HOSTS).toEqual([
      '127.0.0.1',
    ]);
  });

  it('reads the scaled-mode settings, with embedded mode and redirects by default', () => {
    const embedded = loadConfig({});
    expect(embedded.REDIS_URL).toBeUndefined();
    expect(embedded.S3_BUCKET).toBeUndefined();
    expect(embedded).toMatchObject({ START_WORKER: true, S3_REDIRECTS: true, S3_FORCE_PATH_STYLE: false });
    const scaled = loadConfig({
      REDIS_URL: 'redis://:pw@cache:6379/2',
      START_WORKER: 'false',
      S3_BUCKET: 'results',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(scaled).toMatchObject({ START_WORKER: false, S3_BUCKET: 'results', S3_FORCE_PATH_STYLE: true });
  });

  it('refuses a bad Redis address without echoing it, and half a bucket key pair', () => {
    const error = configError({ REDIS_URL: 'http://user:hunter2@cache' });
    expect(error.problems[0]).toMatch(/^REDIS_URL: /);
    expect(error.message).not.toContain('hunter2');
    expect(configError({ S3_ACCESS_KEY_ID: 'id' }).problems).toEqual([
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither',
    ]);
  });

  it('offers cloud storage by default and never echoes a bad signing secret', () => {
    const config = loadConfig({});
    expect(config.FEATURE_CLOUD_STORAGE).toBe(true);
    expect(config.CLOUD_MAX_RETENTION_HOURS).toBe(168);
    expect(config.CLOUD_LINK_TTL_SECONDS).toBe(3600);
    const error = configError({ CLOUD_SIGNING_SECRET: 'short-secret', CLOUD_LINK_TTL_SECONDS: '0' });
    expect(error.problems).toEqual([
      expect.stringMatching(/^CLOUD_LINK_TTL_SECONDS="0": /),
      'CLOUD_SIGNING_SECRET: at least 32 characters',
    ]);
    expect(error.message).not.toContain('short-secret');
  });
});
