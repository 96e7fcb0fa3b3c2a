// The response headers the API document declares, as the server sends them: the API budget on
// every counted /api answer, Retry-After on refusals that know when to come back, and the headers
// of a file answer (its name, its size, its byte ranges). A client on another origin reads exactly
// these (security/headers.ts exposes them).
export interface HeaderSchema {
  type: 'string';
  description: string;
  pattern?: string;
}

export type Headers = Record<string, HeaderSchema>;

const digits = '^[0-9]+$';

/** Set on every answer of a counted /api route (draft IETF RateLimit headers). */
export const rateLimitHeaders: Headers = {
  'RateLimit-Policy': { type: 'string', description: 'The budget: requests per window (`100;w=60`)' },
  'RateLimit-Limit': { type: 'string', pattern: digits, description: 'Requests allowed per window' },
  'RateLimit-Remaining': { type: 'string', pattern: digits, description: 'Requests left in this window' },
  'RateLimit-Reset': { type: 'string', pattern: digits, description: 'Seconds until the window restarts' },
};

export const retryAfterHeader: Headers = {
  'Retry-After': { type: 'string', pattern: digits, description: 'Seconds to wait before trying again' },
};

/** A file answer: the visitor's file name (RFC 6266, non-ASCII names as filename*). */
export const fileHeaders: Headers = {
  'Content-Disposition': { type: 'string', description: 'attachment; the file name to save it as' },
};

/** A stored result: byte ranges on request, and what to compare an If-Range with. */
export const storedFileHeaders: Headers = {
  ...fileHeaders,
  'Accept-Ranges': { type: 'string', description: '`bytes`: ranges may be asked for' },
  ETag: { type: 'string', description: 'A strong tag of these bytes (for If-Range)' },
  'Last-Modified': { type: 'string', description: 'When the result was made' },
};

export const contentRangeHeader: Headers = {
  'Content-Range': {
    type: 'string',
    description: 'The bytes sent (`bytes 0-99/1234`), or the size (`bytes */1234`)',
  },
};

export const locationHeader: Headers = {
  Location: { type: 'string', description: 'Where the answer is' },
};
