// The one HTTP client of the pages: the detected API base plus /api,
// a 600000 ms time-out, JSON bodies, the visitor's bearer token when local storage holds one, and
// the error toasts: 'Error' with the server's detail or message, 'Connection Error' when nothing
// answered (code NO_RESPONSE), REQUEST_ERROR when the request could not even be built.
// A call the server paces (429 with Retry-After / RateLimit-*) waits and is made again; a stored
// token the server refuses is dropped and the call made again anonymously (auth-token.ts).
import { network } from '@grabbit/catalog';
import { apiUrlAt } from '@grabbit/contracts/api-paths';
import { toast } from '../components/ui/toast';
import { dropRefusedToken, storedAuthToken } from './auth-token';
import { getConnection } from './connection';
import { hintsOf, paced, type RefusalHints } from './pacing';

export type ApiErrorCode = 'HTTP_ERROR' | 'NO_RESPONSE' | 'REQUEST_ERROR';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: ApiErrorCode,
    /** The HTTP status, when the server answered. */
    readonly status?: number,
    /** The server's stable error code (packages/contracts), when it sent one. */
    readonly serverCode?: string,
    /** What the answer said about trying again (429). */
    readonly hints?: RefusalHints,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'DELETE' | 'PUT';
  /** JSON-serialised unless it is FormData. */
  body?: unknown;
  responseType?: 'json' | 'blob';
  signal?: AbortSignal;
  /** Set false when the caller shows its own message for server errors. */
  toastErrors?: boolean;
  /**
   * Set false for an optional call (the preview) that should fail at once when the server paces
   * the visitor, instead of waiting its turn: waiting only pays for work the visitor asked for.
   */
  waitWhenPaced?: boolean;
  /** Headers beyond the client's own (a conditional read's If-None-Match). */
  headers?: Record<string, string>;
  /** Told of every answer before it is read (its ETag, for one). */
  onResponse?: (response: Response) => void;
}

/** The detected API base (`{origin}/api`). */
async function apiBase(): Promise<string> {
  return (await getConnection()).apiBase;
}

/** A download link as the browser should open it: paths beginning /api/ get the API base's origin. */
export async function resolveApiLink(link: string): Promise<string> {
  if (/^https?:\/\//i.test(link)) return link;
  return apiUrlAt(await apiBase(), link);
}

/** The human message of an error body: detail, then message, then error. */
function serverMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ['detail', 'message', 'error', 'Error']) {
    const value = record[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return undefined;
}

/** Throws when the answer says it failed: the server's message, else `fallback`. */
export function ensureSuccess<T>(answer: T, fallback: string): T {
  const record = answer as { success?: unknown } | undefined;
  if (!record || record.success === false) throw new Error(serverMessage(answer) ?? fallback);
  return answer;
}

async function buildRequest(
  path: string,
  options: ApiRequestOptions,
  token: string | undefined,
): Promise<[string, RequestInit]> {
  const isForm = options.body instanceof FormData;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const timeout = AbortSignal.timeout(network.httpTimeoutMs);
  const init: RequestInit = {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
  };
  if (options.body !== undefined)
    init.body = isForm ? (options.body as FormData) : JSON.stringify(options.body);
  return [apiUrlAt(await apiBase(), path), init];
}

/**
 * One attempt: the answer's body, or an ApiError (nothing shown to the visitor yet). `anonymous`:
 * without the stored token (once the server refused it).
 */
async function requestOnce<T>(path: string, options: ApiRequestOptions, anonymous = false): Promise<T> {
  const token = anonymous ? undefined : storedAuthToken();
  let request: [string, RequestInit];
  try {
    request = await buildRequest(path, options, token);
  } catch (error) {
    console.error('Request setup failed', error);
    throw new ApiError('An unexpected error occurred', 'REQUEST_ERROR');
  }
  let response: Response;
  try {
    response = await fetch(...request);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError('No response from server. Please check your connection.', 'NO_RESPONSE');
  }
  options.onResponse?.(response);
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
    if (dropRefusedToken(token, response.status, code)) return requestOnce(path, options, true);
    throw new ApiError(
      serverMessage(body) ?? 'An error occurred',
      'HTTP_ERROR',
      response.status,
      typeof code === 'string' ? code : undefined,
      hintsOf((name) => response.headers.get(name)),
    );
  }
  if (options.responseType === 'blob') return (await response.blob()) as T;
  return (await response.json()) as T;
}

/** A pacing refusal worth waiting for, when the error is one. */
function apiRefusal(error: unknown) {
  return error instanceof ApiError && error.code === 'HTTP_ERROR'
    ? { status: error.status, code: error.serverCode, hints: error.hints }
    : undefined;
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  try {
    const once = () => requestOnce<T>(path, options);
    return await (options.waitWhenPaced === false ? once() : paced(once, apiRefusal, options.signal));
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NO_RESPONSE')
      toast.error('Connection Error', { description: error.message });
    else if (error instanceof ApiError && error.code === 'HTTP_ERROR' && options.toastErrors !== false)
      toast.error('Error', { description: error.message });
    throw error;
  }
}
