import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';
import { fileVariantOf } from './secret-files';

const dir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-secret-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function secretFile(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

describe('secrets from files (NAME_FILE)', () => {
  it('reads each secret setting from its file, without the final line break', () => {
    const config = loadConfig({
      METRICS_TOKEN_FILE: secretFile('token', 'a-metrics-token-of-32-characters\n'),
      S3_ACCESS_KEY_ID_FILE: secretFile('key-id', 'AKIDEXAMPLE\n'),
      S3_SECRET_ACCESS_KEY_FILE: secretFile('secret', 'wJalrXUtnFEMI/K7MDENG\r\n'),
      REDIS_URL_FILE: secretFile('redis', 'redis://:pw@redis.internal:6379/0'),
      CLOUD_SIGNING_SECRET_FILE: secretFile('signing', `${'s'.repeat(40)}\n`),
      YTDLP_PROXY_YOUTUBE_FILE: secretFile('proxy', 'http://user:pw@10.0.0.5:3128\n'),
    });
    expect(config.METRICS_TOKEN).toBe('a-metrics-token-of-32-characters');
    expect(config.S3_ACCESS_KEY_ID).toBe('AKIDEXAMPLE');
    expect(config.S3_SECRET_ACCESS_KEY).toBe('wJalrXUtnFEMI/K7MDENG');
    expect(config.REDIS_URL).toBe('redis://:pw@redis.internal:6379/0');
    expect(config.CLOUD_SIGNING_SECRET).toBe('s'.repeat(40));
    expect(config.YTDLP_PROXIES.youtube).toEqual(['http://user:pw@10.0.0.5:3128']);
  });

  it('refuses a setting given both ways, and a file it cannot read, naming the path only', () => {
    const found = problems({
      METRICS_TOKEN: 'a-metrics-token-of-32-characters',
      METRICS_TOKEN_FILE: secretFile('token2', 'another-token-of-32-characters!!'),
      S3_SECRET_ACCESS_KEY_FILE: path.join(dir, 'missing'),
    });
    expect(found).toContain('METRICS_TOKEN, METRICS_TOKEN_FILE: set one or the other, not both');
    expect(found).toContain(
      `S3_SECRET_ACCESS_KEY_FILE=${JSON.stringify(path.join(dir, 'missing'))}: cannot read the file (ENOENT)`,
    );
  });

  it('checks a value from a file like any other, without echoing it', () => {
    const found = problems({ METRICS_TOKEN_FILE: secretFile('short', 'short\n') });
    expect(found).toEqual(['METRICS_TOKEN: at least 16 characters']);
  });

  it('leaves settings that are files already, and settings that are not secrets, alone', () => {
    expect(fileVariantOf('API_KEYS_FILE')).toBeUndefined();
    expect(fileVariantOf('PORT_FILE')).toBeUndefined();
    expect(fileVariantOf('YTDLP_EXTRACTOR_ARGS_YOUTUBE_FILE')).toBe('YTDLP_EXTRACTOR_ARGS_YOUTUBE');
    const keys = secretFile('keys.json', '{}');
    expect(loadConfig({ API_KEYS_FILE: keys }).API_KEYS_FILE).toBe(keys);
  });
});
