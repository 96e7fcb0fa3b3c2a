// A video's SponsorBlock segments, asked by the server (never by yt-dlp, which would go around the
// egress guard) from the operator's SponsorBlock API: through the guarded fetch, within a short
// time limit, by the privacy-preserving hash prefix (the API learns 4 hex digits of the video id's
// SHA-256, and answers every video that shares them; we pick ours). Answers are kept a few
// minutes per video, so a video downloaded in several formats asks once.
import { createHash } from 'node:crypto';
import { sponsorBlockCategories, type SponsorBlockCategory, type TestHosts } from '@grabbit/catalog';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { AppError } from '../core/app-error';
import { discard, guardedFetch, type GuardedAnswer } from '../net/guarded-fetch';

/** One segment to skip, in seconds of the video, with its category. */
export interface SkipSegment {
  start: number;
  end: number;
  category: SponsorBlockCategory;
}

interface SponsorBlockSettings {
  /** The API's origin (SPONSORBLOCK_API_URL). */
  apiUrl: string;
  timeoutMs: number;
  testHosts: TestHosts;
}

/** Hex digits of the id's hash sent: 4 is what SponsorBlock's own clients send. */
const prefixLength = 4;
/** An answer larger than this is not SponsorBlock's (a prefix matches a few hundred videos). */
const maxAnswerBytes = 2 * 1024 * 1024;
const categories = Object.keys(sponsorBlockCategories) as SponsorBlockCategory[];

/** The first hex digits of the video id's SHA-256: all the API learns of the video. */
export function hashPrefix(videoId: string): string {
  return createHash('sha256').update(videoId).digest('hex').slice(0, prefixLength);
}

const answerSchema = z.array(
  z.looseObject({
    videoID: z.string(),
    segments: z.array(
      z.looseObject({
        category: z.string(),
        actionType: z.string().optional(),
        segment: z.tuple([z.number(), z.number()]),
      }),
    ),
  }),
);

/** The video's skip segments of the asked categories from the API's answer (videos sharing the prefix). */
export function segmentsOf(answer: unknown, videoId: string): SkipSegment[] {
  const entry = answerSchema.parse(answer).find((video) => video.videoID === videoId);
  return (entry?.segments ?? [])
    .filter(
      (s) => (s.actionType ?? 'skip') === 'skip' && categories.includes(s.category as SponsorBlockCategory),
    )
    .map((s) => ({ start: s.segment[0], end: s.segment[1], category: s.category as SponsorBlockCategory }))
    .filter((s) => Number.isFinite(s.start) && Number.isFinite(s.end) && s.end > s.start);
}

/** The address asked for a prefix: the API's skipSegments call, skip segments of our categories only. */
export function segmentsAddress(apiUrl: string, prefix: string): URL {
  const base = apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`;
  const url = new URL(`api/skipSegments/${prefix}`, base);
  url.searchParams.set('categories', JSON.stringify(categories));
  url.searchParams.set('actionTypes', JSON.stringify(['skip']));
  return url;
}

async function readJson(answer: GuardedAnswer): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of answer.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxAnswerBytes) {
      discard(answer);
      throw new Error('SponsorBlock answer too large');
    }
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}

export class SponsorBlock {
  private readonly answers = new LRUCache<string, SkipSegment[]>({ max: 1000, ttl: 10 * 60_000 });

  constructor(private readonly settings: SponsorBlockSettings) {}

  /**
   * The video's segments ([] when SponsorBlock knows none); throws when the API does not answer
   * within the time limit, or answers anything but segments or "none" (404).
   */
  async segments(videoId: string, signal?: AbortSignal): Promise<SkipSegment[]> {
    const kept = this.answers.get(videoId);
    if (kept) return kept;
    const { apiUrl, timeoutMs, testHosts } = this.settings;
    const limit = AbortSignal.timeout(timeoutMs);
    const answer = await guardedFetch(segmentsAddress(apiUrl, hashPrefix(videoId)), {
      testHosts,
      signal: signal ? AbortSignal.any([signal, limit]) : limit,
      headers: { accept: 'application/json' },
      maxHops: 2,
      tooManyHops: () => new AppError('DOWNLOAD_FAILED', 'SponsorBlock redirects too often'),
    });
    let segments: SkipSegment[];
    if (answer.status === 404) {
      // SponsorBlock's "no video with this prefix has segments".
      discard(answer);
      segments = [];
    } else if (answer.status === 200) segments = segmentsOf(await readJson(answer), videoId);
    else {
      discard(answer);
      throw new Error(`SponsorBlock answered ${answer.status}`);
    }
    this.answers.set(videoId, segments);
    return segments;
  }
}
