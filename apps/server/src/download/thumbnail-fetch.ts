// Fetches a video's picture for the preview on the server, so the page never hot-links the site.
// The same rules as a pasted link: http(s) only, public addresses only (checked in the
// connection's own DNS lookup; test hosts excepted), at most 3 redirects, 10 s, 5 MB, and the
// answer must be a raster picture (JPEG, PNG, WebP, GIF) by its bytes, whatever the site's
// Content-Type says: an SVG (which may hold script) or anything else is refused, never served
// from our origin.
import { lookup as dnsLookup } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { TestHosts } from '@grabbit/catalog';
import { AppError } from '../core/app-error';
import { checkHop, guardedLookup, type Lookup } from './link-resolver';

export interface FetchedImage {
  body: Buffer;
  contentType: string;
}

const maxBytes = 5 * 1024 * 1024;

/** The picture types served, as read from the bytes. */
const rasterTypes = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
const unavailable = () => new AppError('NOT_FOUND', 'This picture is not available.');

function open(url: URL, testHosts: TestHosts, signal: AbortSignal): Promise<IncomingMessage> {
  const lookup = guardedLookup(dnsLookup as Lookup, checkHop(url, url.href, testHosts));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(url, { lookup, signal, agent: false, headers: { accept: 'image/*' } }, resolve);
    request.on('error', reject);
    request.end();
  });
}

async function readCapped(response: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw unavailable();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export async function fetchThumbnail(link: string, testHosts: TestHosts): Promise<FetchedImage> {
  const signal = AbortSignal.timeout(10_000);
  let url = new URL(link);
  try {
    for (let hop = 0; hop <= 3; hop += 1) {
      const response = await open(url, testHosts, signal);
      const location = response.headers.location;
      if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
        response.destroy();
        url = new URL(location, url);
        continue;
      }
      const contentType = response.headers['content-type'] ?? '';
      if (response.statusCode !== 200 || !/^image\/[\w.+-]+/i.test(contentType)) {
        response.destroy();
        throw unavailable();
      }
      if (Number(response.headers['content-length']) > maxBytes) {
        response.destroy();
        throw unavailable();
      }
      const body = await readCapped(response);
      // file-type loads with the first picture: a server at rest does not hold it.
      const { fileTypeFromBuffer } = await import('file-type');
      const detected = await fileTypeFromBuffer(body);
      if (!detected || !rasterTypes.has(detected.mime)) throw unavailable();
      return { body, contentType: detected.mime };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unavailable();
  }
  throw unavailable();
}
