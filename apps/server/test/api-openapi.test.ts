// The API document: /api/openapi.json validates as OpenAPI 3, lists every /api route the app has
// (read from Fastify's own route tree, not from the document), each with its input, answer and
// errors, and /api/docs shows it as a page.
import SwaggerParser from '@apidevtools/swagger-parser';
import {
  batchRequestSchema,
  cloudDownloadRequestSchema,
  cloudUploadRequestSchema,
  webhookCreateSchema,
  webhookUpdateSchema,
  downloadRequestSchema,
  mediaInfoRequestSchema,
  mediaItemsRequestSchema,
  playlistInfoRequestSchema,
  validateUrlRequestSchema,
} from '@grabbit/contracts';
import { platforms } from '@grabbit/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp } from './support/test-app';

/** "METHOD /path/{param}" of every route, from Fastify's printed route tree. */
function appRoutes(tree: string): string[] {
  const stack: string[] = [];
  const found: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+) \(([^)]+)\)/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const path = stack.join('').replace(/:(\w+)/g, '{$1}');
    for (const method of (match[3] ?? '').split(', ')) found.push(`${method} ${path}`);
  }
  return found;
}

interface Operation {
  summary: string;
  description?: string;
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string }[];
}

type JsonSchema = Record<string, unknown>;

/** What a contracts schema says a client may send, as the document writes it (OpenAPI 3.0). */
function inputSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** A route as the document lists it: the downloader's `{platform}` routes once per platform. */
const asDocumented = (route: string) =>
  route.includes('{platform}')
    ? platforms.map((platform) => route.replace('{platform}', platform.id))
    : [route];

/** Each JSON-bodied route and the contracts schema it validates with. */
const jsonBodyRoutes: Record<string, z.ZodType> = {
  'POST /api/validate/url': validateUrlRequestSchema,
  'POST /api/download/{platform}': downloadRequestSchema,
  'POST /api/download': downloadRequestSchema,
  'POST /api/download/{platform}/info': mediaInfoRequestSchema,
  'POST /api/download/{platform}/media': mediaItemsRequestSchema,
  'POST /api/download/{platform}/playlist': playlistInfoRequestSchema,
  'POST /api/download/playlist': batchRequestSchema,
  'POST /api/cloudstorage/download-and-upload': cloudDownloadRequestSchema,
  'POST /api/cloudstorage/upload': cloudUploadRequestSchema,
  'POST /api/webhooks': webhookCreateSchema,
  'PATCH /api/webhooks/{webhookId}': webhookUpdateSchema,
};
const jsonBodies = Object.fromEntries(
  Object.entries(jsonBodyRoutes).flatMap(([route, schema]) =>
    asDocumented(route).map((one) => [one, schema]),
  ),
);

// Optional features change the route list (cloud storage off answers FEATURE_DISABLED on the same
// routes), so the document is checked with the default configuration and with them off.
describe.each<{ setting: string; env: Record<string, string> }>([
  { setting: 'default (features on)', env: {} },
  { setting: 'cloud storage off', env: { FEATURE_CLOUD_STORAGE: 'false' } },
])('OpenAPI document, $setting', ({ env }) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp(env);
  });
  afterAll(() => test.close());

  it('validates as OpenAPI 3 and lists every /api route with its errors', async () => {
    const answer = await test.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(answer.statusCode).toBe(200);
    const raw = answer.json<{ openapi: string; paths: Record<string, Record<string, Operation>> }>();
    expect(raw.openapi).toMatch(/^3\./);
    await expect(SwaggerParser.validate(structuredClone(raw) as never)).resolves.toBeTruthy();
    // Shared parts (the error body) are components: read the document with them in place.
    const document = (await SwaggerParser.dereference(
      structuredClone(raw) as never,
    )) as unknown as typeof raw;

    // Every /api route, HEAD twins of GET routes included (they answer the GET's headers).
    const expected = appRoutes(test.app.printRoutes({ commonPrefix: false }))
      .filter(
        (route) =>
          / \/api\//.test(route) && !route.includes('/api/docs') && !route.includes('/api/openapi.json'),
      )
      .flatMap(asDocumented);
    expect(expected.length).toBeGreaterThanOrEqual(14);
    const listed = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(listed.sort()).toEqual(expected.sort());
    // The cloud routes are the same five (and HEAD beside the two GETs) either way (no wildcard, no
    // QUERY method).
    expect(listed.filter((route) => route.includes('/api/cloudstorage/'))).toHaveLength(7);

    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method} ${path}`;
        expect(operation.summary, where).not.toBe('Undocumented route');
        // Every operation may meet a bad API key and our own failure; counted ones the budget.
        const statuses = Object.keys(operation.responses);
        expect(statuses, where).toEqual(expect.arrayContaining(['401', '500']));
        if (path !== '/api/health') expect(statuses, where).toContain('429');
        // A success: 200, or what the protocol answers (tus: 201 created, 204 stored).
        expect(
          Object.keys(operation.responses).some((status) => /^2\d\d$/.test(status)),
          where,
        ).toBe(true);
        if (path !== '/api/health')
          expect(JSON.stringify(operation.responses['429']), where).toContain('RATE_LIMITED');
      }
    }
    // Every JSON answer says its fields (no open object); JSON bodies are the contracts' schemas.
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        const json = operation.responses['200']?.content?.['application/json']?.schema;
        const variants = json ? ((json.anyOf as JsonSchema[] | undefined) ?? [json]) : [];
        for (const variant of variants) expect(variant.properties, where).toBeDefined();
        const body = operation.requestBody?.content['application/json']?.schema;
        const contract = jsonBodies[where];
        expect(Boolean(body), `${where} documents a JSON body`).toBe(Boolean(contract));
        if (contract) expect(body, where).toEqual(inputSchema(contract));
      }
    }
    // Inputs come from the zod schemas: the download body names its fields, conversions take a file.
    const download = document.paths['/api/download/youtube']?.post;
    expect(JSON.stringify(download?.requestBody)).toContain('directDownload');
    const convert = document.paths['/api/convert/video']?.post;
    expect(Object.keys(convert?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    const form = convert?.requestBody?.content['multipart/form-data']?.schema;
    expect(form?.required).toEqual(expect.arrayContaining(['OutputFormat']));
    // The file itself, or the id of a finished resumable upload, whose routes are documented too.
    expect(Object.keys(form?.properties ?? {})).toEqual(expect.arrayContaining(['InputFile', 'UploadId']));
    expect(Object.keys(document.paths['/api/uploads/{uploadId}'] ?? {}).sort()).toEqual([
      'delete',
      'head',
      'options',
      'patch',
      'post',
    ]);
    expect(document.paths['/api/uploads']?.post?.description).toContain('Upload-Length');
    // The tus request headers are parameters, so a generated client can send them.
    const headerNames = (operation?: Operation) =>
      (operation?.parameters ?? []).filter((one) => one.in === 'header').map((one) => one.name.toLowerCase());
    const upload = document.paths['/api/uploads/{uploadId}'];
    expect(headerNames(document.paths['/api/uploads']?.post)).toEqual(
      expect.arrayContaining(['tus-resumable', 'upload-length', 'upload-metadata']),
    );
    expect(headerNames(upload?.patch)).toEqual(expect.arrayContaining(['tus-resumable', 'upload-offset']));
    expect(headerNames(upload?.head)).toContain('tus-resumable');
    expect(headerNames(upload?.delete)).toContain('tus-resumable');
    expect(headerNames(upload?.post)).toEqual(
      expect.arrayContaining(['upload-offset', 'x-http-method-override']),
    );
    const keep = document.paths['/api/cloudstorage/upload']?.post;
    expect(JSON.stringify(keep?.requestBody)).toContain('filePath');
    expect(Object.keys(keep?.responses ?? {})).toContain('404');
  });

  it('/api/docs is a readable page', async () => {
    const page = await test.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toMatch(/swagger/i);
  });
});
