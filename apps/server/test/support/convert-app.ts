// The real app for converter tests (see test-app.ts), hooks that give a test file the app and a
// scratch folder, and helpers to post a multipart conversion the way the converter page does.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ConverterKind } from '@grabbit/catalog';
import { conversionJobPath, convertEndpoints, type ConversionJob } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './test-app';
import { polled } from './until';

export type ConvertApp = TestApp;

export function startConvertApp(env: Record<string, string> = {}): Promise<ConvertApp> {
  return startTestApp(env, { prefix: 'grabbit-convert-' });
}

export interface ConvertTestContext {
  server: ConvertApp;
  /** Scratch folder for the file's fixtures and saved answers. */
  dir: string;
}

/**
 * Hooks of a converter test file: the app (plus `env`) and a scratch folder, both removed after
 * the file. Read `server` and `dir` inside the tests, once the hooks have run.
 */
export function useConvertApp(name: string, env: Record<string, string> = {}): ConvertTestContext {
  const context = {} as ConvertTestContext;
  beforeAll(async () => {
    context.server = await startConvertApp(env);
    context.dir = await mkdtemp(path.join(tmpdir(), `grabbit-${name}-`));
  });
  afterAll(async () => {
    await context.server?.close();
    if (context.dir) await rm(context.dir, { recursive: true, force: true });
  });
  return context;
}

/** Writes an answer's bytes to `dir/name`, for the probes that read files. */
export async function saveFile(dir: string, name: string, data: Buffer | string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, data);
  return file;
}

export interface MultipartForm {
  payload: Buffer;
  headers: Record<string, string>;
}

/** The form the converter page sends: text fields first, InputFile last (or first, as API clients may). */
export function multipartForm(
  fields: Record<string, string>,
  fileName: string,
  content: Buffer,
  order: 'fields-first' | 'file-first' = 'fields-first',
): MultipartForm {
  const boundary = `----grabbit${Math.random().toString(16).slice(2)}`;
  const fieldParts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const encodedName = fileName.replace(/"/g, '%22');
  const fileParts = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="InputFile"; filename="${encodedName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from('\r\n'),
  ];
  const parts = order === 'fields-first' ? [...fieldParts, ...fileParts] : [...fileParts, ...fieldParts];
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function postConversion(
  app: FastifyInstance,
  kind: ConverterKind,
  file: string,
  outputFormat: string,
  options: {
    name?: string;
    progressId?: string;
    /** More text fields: the conversion options. */
    fields?: Record<string, string>;
    order?: 'fields-first' | 'file-first';
    headers?: Record<string, string>;
  } = {},
) {
  const fields: Record<string, string> = { OutputFormat: outputFormat, Quality: 'high', ...options.fields };
  if (options.progressId) fields.ProgressId = options.progressId;
  const name = options.name ?? path.basename(file);
  const form = multipartForm(fields, name, await readFile(file), options.order);
  return app.inject({
    method: 'POST',
    url: convertEndpoints[kind],
    payload: form.payload,
    headers: { ...form.headers, ...options.headers },
  });
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

/** A conversion's job once it has ended (or as it is after a minute), read by its id. */
export async function finishedJob(
  app: FastifyInstance,
  jobId: string,
  timeoutMs = 60_000,
): Promise<ConversionJob> {
  const read = async () => {
    const response = await app.inject({ url: conversionJobPath(jobId) });
    if (response.statusCode !== 200) throw new Error(`job ${jobId}: ${response.statusCode} ${response.body}`);
    return response.json<ConversionJob>();
  };
  return (await polled(read, (job) => job.status !== 'converting', timeoutMs)).value;
}
