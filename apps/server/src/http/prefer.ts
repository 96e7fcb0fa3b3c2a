// The `Prefer` request header (RFC 7240) as a converter upload reads it: `respond-async` says the
// client follows a job when the conversion takes long, and `wait=N` how many seconds it is willing
// to wait for the file first. A page that must survive a reload sends `wait=0`: it gets the job (and
// its id) as soon as the conversion is queued, and can find it again by that id afterwards.

export interface Preference {
  respondAsync: boolean;
  /** The client's own wait in seconds, when it named a well-formed one. */
  waitSeconds?: number;
}

/** Reads the header's preferences (several headers or comma lists alike; names are case-insensitive). */
export function parsePrefer(header: string | string[] | undefined): Preference {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const tokens = text.split(',').map((token) => token.split(';')[0]?.trim().toLowerCase() ?? '');
  const wait = tokens.find((token) => token.startsWith('wait='))?.slice('wait='.length);
  const waitSeconds = wait !== undefined && /^\d{1,6}$/.test(wait) ? Number(wait) : undefined;
  return {
    respondAsync: tokens.includes('respond-async'),
    ...(waitSeconds === undefined ? {} : { waitSeconds }),
  };
}

/** How long to wait for the file: the server's own wait, shortened by the client's preference. */
export function waitMsFor(preference: Preference, serverWaitMs: number): number {
  return preference.waitSeconds === undefined
    ? serverWaitMs
    : Math.min(serverWaitMs, preference.waitSeconds * 1000);
}
