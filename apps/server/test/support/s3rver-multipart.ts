// Two calls of S3's multipart API that s3rver lacks and resumable uploads in the bucket use
// (@tus/s3-store): ListParts (how much of an upload has arrived) and AbortMultipartUpload
// (termination). Read from s3rver's own file-system store, so the parts are the ones it keeps.
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type S3rver from 's3rver';

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}

type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function noSuchUpload(ctx: KoaContext, uploadId: string): void {
  ctx.status = 404;
  ctx.type = 'application/xml';
  ctx.body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code>' +
    `<Message>The specified upload does not exist.</Message><UploadId>${escapeXml(uploadId)}</UploadId></Error>`;
}

async function listParts(dir: string, bucket: string, key: string, uploadId: string): Promise<string> {
  const numbers = (await readdir(dir)).filter((name) => /^\d+$/.test(name)).map(Number);
  numbers.sort((a, b) => a - b);
  const parts = await Promise.all(
    numbers.map(async (number) => {
      const file = path.join(dir, String(number));
      const [info, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, 'utf8')]);
      return (
        `<Part><PartNumber>${number}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified>` +
        `<ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`
      );
    }),
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    `<Bucket>${escapeXml(bucket)}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${escapeXml(uploadId)}</UploadId>` +
    `<PartNumberMarker>0</PartNumberMarker><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>` +
    `${parts.join('')}</ListPartsResult>`
  );
}

/** Adds the two calls to an s3rver that has not started yet (path-style requests). */
export function addMultipartCalls(server: S3rver): void {
  const store = (
    server as unknown as { store: { getResourcePath(b: string, k: undefined, r: string): string } }
  ).store;
  const middleware: Middleware = async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    const [bucket = '', ...keyParts] = ctx.path.slice(1).split('/');
    const isCall =
      typeof uploadId === 'string' &&
      keyParts.length > 0 &&
      (ctx.method === 'GET' || ctx.method === 'DELETE');
    if (!isCall) return next();
    const key = decodeURIComponent(keyParts.join('/'));
    const dir = path.join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
    const exists = await stat(dir).then(
      () => true,
      () => false,
    );
    if (!exists) return noSuchUpload(ctx, uploadId);
    if (ctx.method === 'DELETE') {
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    ctx.type = 'application/xml';
    ctx.body = await listParts(dir, bucket, key, uploadId);
  };
  // Before the router (the last one), after the logging and XML layers.
  const stack = (server as unknown as { middleware: Middleware[] }).middleware;
  stack.splice(stack.length - 1, 0, middleware);
}
