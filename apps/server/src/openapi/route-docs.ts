// What the OpenAPI document says about each /api route: the zod schemas the route validates its
// input with (packages/contracts), its answer and the errors it can give. The document is generated
// from these and from the routes Fastify actually has, so a route missing here still appears (the
// test requires every one to be described).
import {
  batchRequestSchema,
  convertFormSchema,
  downloadRequestSchema,
  healthSchema,
  mediaInfoRequestSchema,
  mediaItemsRequestSchema,
  playlistInfoRequestSchema,
  publicConfigSchema,
  validateUrlRequestSchema,
} from '@grabbit/contracts';
import type { z } from 'zod';

export interface RouteDoc {
  summary: string;
  tag: 'downloads' | 'conversions' | 'cloud storage' | 'service';
  /** JSON body schema (input side). */
  body?: z.ZodType;
  /** Multipart form: these text fields, then the file (InputFile). */
  multipart?: z.ZodObject;
  /** JSON answer schema; or the media type of a file answer. */
  answer?: z.ZodType | { file: string };
  /** Statuses this route answers with the error body, besides those every /api route may give. */
  errors: number[];
}

const fileAnswer = { file: 'application/octet-stream' };

export const routeDocs: Record<string, RouteDoc> = {
  'GET /api/health': {
    summary: 'Version and engine versions (503 when an engine is missing)',
    tag: 'service',
    answer: healthSchema,
    errors: [503],
  },
  'GET /api/config': {
    summary: 'What the pages need from the configuration',
    tag: 'service',
    answer: publicConfigSchema,
    errors: [],
  },
  'POST /api/validate/url': {
    summary: 'Whether a link can be downloaded, and on which page',
    tag: 'downloads',
    body: validateUrlRequestSchema,
    errors: [404],
  },
  'POST /api/download/{platform}': {
    summary: 'Start a download (or answer the file itself with directDownload)',
    tag: 'downloads',
    body: downloadRequestSchema,
    errors: [403, 404, 413, 422, 502, 503, 504],
  },
  'GET /api/download/task/{taskId}': {
    summary: "A download task's state",
    tag: 'downloads',
    errors: [404],
  },
  'GET /api/download/file/{fileId}': {
    summary: 'A finished download (an attachment)',
    tag: 'downloads',
    answer: fileAnswer,
    errors: [404],
  },
  'POST /api/download/{platform}/info': {
    summary: "A link's preview: title, duration, qualities with sizes, audio bit rates, subtitles",
    tag: 'downloads',
    body: mediaInfoRequestSchema,
    errors: [403, 404, 502, 503, 504],
  },
  'GET /api/download/thumbnail/{id}': {
    summary: "A previewed link's picture, fetched by the server",
    tag: 'downloads',
    answer: { file: 'image/*' },
    errors: [404],
  },
  'POST /api/download/{platform}/media': {
    summary: "List a post's items, or download them all",
    tag: 'downloads',
    body: mediaItemsRequestSchema,
    errors: [403, 404, 422, 502, 503, 504],
  },
  'POST /api/download/youtube/playlist': {
    summary: 'List a YouTube playlist, and whether the page downloads it at once',
    tag: 'downloads',
    body: playlistInfoRequestSchema,
    errors: [404, 502, 503, 504],
  },
  'POST /api/download/playlist': {
    summary: 'Start a batch of downloads',
    tag: 'downloads',
    body: batchRequestSchema,
    errors: [403, 404, 503],
  },
  'GET /api/download/playlist/{batchId}/status': {
    summary: "A batch's progress",
    tag: 'downloads',
    errors: [404],
  },
  'POST /api/download/playlist/{batchId}/download': {
    summary: "A finished batch's files as one zip",
    tag: 'downloads',
    answer: { file: 'application/zip' },
    // 409 BATCH_NOT_READY while items still download.
    errors: [404, 409],
  },
  'POST /api/convert/image': {
    summary: 'Convert an image (answers the converted file)',
    tag: 'conversions',
    multipart: convertFormSchema,
    answer: fileAnswer,
    errors: [403, 408, 413, 415, 422, 503],
  },
  'POST /api/convert/audio-general': {
    summary: 'Convert an audio file (answers the converted file)',
    tag: 'conversions',
    multipart: convertFormSchema,
    answer: fileAnswer,
    errors: [403, 408, 413, 415, 422, 503],
  },
  'POST /api/convert/video': {
    summary: 'Convert a video (answers the converted file)',
    tag: 'conversions',
    multipart: convertFormSchema,
    answer: fileAnswer,
    errors: [403, 408, 413, 415, 422, 503],
  },
  'GET /api/convert/jobs/{jobId}': {
    summary: "A long conversion's state",
    tag: 'conversions',
    errors: [404],
  },
  'GET /api/convert/result/{fileId}': {
    summary: "A finished conversion's file (an attachment; ranges work)",
    tag: 'conversions',
    answer: fileAnswer,
    errors: [404],
  },
};

/** Statuses every /api route may answer: bad input, a bad API key, limits, our own failure. */
export const commonErrors = [400, 401, 429, 500];
