// The real app for converter tests: its own data folder and silent logs, plus helpers to post a multipart conversion the way the converter page does.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ConverterKind } from '@grabbit/catalog';
import { convertEndpoints } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/env';

export interface ConvertApp {
  app: FastifyInstance;
  dataDir: string;
  close: () => Promise<void>;
}

export async function startConvertApp(env: Record<string, string> = {}): Promise<ConvertApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'grabbit-convert-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web'), ...env });
  const app = await buildApp({ config, engines: [] });
  return {
    app,
    dataDir,
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface MultipartForm {
  payload: Buffer;
  headers: Record<string, string>;
}

/** The form the converter page sends: text fields first, InputFile last. */
export function multipartForm(fields: Record<string, string>, fileName: string, content: Buffer): MultipartForm {
  const boundary = `----grabbit${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  const encodedName = fileName.replace(/"/g, '%22');
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="InputFile"; filename="${encodedName}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
  parts.push(content, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function postConversion(
  app: FastifyInstance,
  kind: ConverterKind,
  file: string,
  outputFormat: string,
  options: { name?: string; progressId?: string } = {},
) {
  const fields: Record<string, string> = { OutputFormat: outputFormat, Quality: 'high' };
  if (options.progressId) fields.ProgressId = options.progressId;
  const form = multipartForm(fields, options.name ?? path.basename(file), await readFile(file));
  return app.inject({ method: 'POST', url: convertEndpoints[kind], payload: form.payload, headers: form.headers });
}

/** Every file left under DATA_DIR/uploads (should be none once an answer is done). */
export async function leftoverUploads(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'uploads');
  try {
    return (await readdir(root, { recursive: true })).map(String);
  } catch {
    return [];
  }
}

/** Waits (briefly) until DATA_DIR/uploads is empty: clean-up runs as the answer's stream closes. */
export async function expectNoUploadsSoon(dataDir: string, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  let left = await leftoverUploads(dataDir);
  while (left.length > 0 && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    left = await leftoverUploads(dataDir);
  }
  if (left.length > 0) throw new Error(`files left behind: ${left.join(', ')}`);
}
