// Fetches a video's picture for the preview on the server, so the page never hot-links the site.
// Through the guarded fetch (net/guarded-fetch.ts): the same rules as a pasted link (http(s)
// only, public addresses only, test hosts excepted), at most 3 redirects, 10 s, 5 MB, and the
// answer must be a raster picture (JPEG, PNG, WebP, GIF) by its bytes, whatever the site's
// Content-Type says: an SVG (which may hold script) or anything else is refused, never served
// from our origin.
import type { TestHosts } from '@grabbit/catalog';
import { AppError } from '../core/app-error';
import { discard, guardedFetch, type GuardedAnswer } from '../net/guarded-fetch';

export interface FetchedImage {
  body: Buffer;
  contentType: string;
}

const maxBytes = 5 * 1024 * 1024;

/** The picture types served, as read from the bytes. */
const rasterTypes = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
const unavailable = () => new AppError('NOT_FOUND', 'This picture is not available.');

async function readCapped(answer: GuardedAnswer): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of answer.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      discard(answer);
      throw unavailable();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export async function fetchThumbnail(link: string, testHosts: TestHosts): Promise<FetchedImage> {
  try {
    const answer = await guardedFetch(new URL(link), {
      testHosts,
      signal: AbortSignal.timeout(10_000),
      headers: { accept: 'image/*' },
      maxHops: 3,
      tooManyHops: unavailable,
    });
    const contentType = answer.headers['content-type'] ?? '';
    if (
      answer.status !== 200 ||
      typeof contentType !== 'string' ||
      !/^image\/[\w.+-]+/i.test(contentType) ||
      Number(answer.headers['content-length']) > maxBytes
    ) {
      discard(answer);
      throw unavailable();
    }
    const body = await readCapped(answer);
    // file-type loads with the first picture: a server at rest does not hold it.
    const { fileTypeFromBuffer } = await import('file-type');
    const detected = await fileTypeFromBuffer(body);
    if (!detected || !rasterTypes.has(detected.mime)) throw unavailable();
    return { body, contentType: detected.mime };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unavailable();
  }
}
