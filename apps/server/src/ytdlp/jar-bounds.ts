// What of yt-dlp's saved cookie jar is written back over an operator's session file: only cookies
// of the platform's own hosts (the catalog's, and their subdomains; a test host in offline tests),
// at most a number of cookies and a number of bytes. Every host a run visits (a CDN, a tracker, a
// page a link led to) may set cookies, and without these bounds the file grows with each run.
// The cookies the session file already holds are kept first, then the new ones in the jar's order.

export interface JarBounds {
  /** Host names whose cookies belong to the platform (a cookie's domain may be a subdomain). */
  hosts: readonly string[];
  maxCookies: number;
  maxBytes: number;
}

export interface BoundedJar {
  text: string;
  /** Cookies left out: another site's, or past a bound. */
  dropped: number;
}

interface CookieLine {
  line: string;
  /** Domain, path and name: the cookie's identity in a jar. */
  id: string;
  domain: string;
}

const httpOnlyPrefix = '#HttpOnly_';

function cookieOf(line: string): CookieLine | undefined {
  const fields = (line.startsWith(httpOnlyPrefix) ? line.slice(httpOnlyPrefix.length) : line).split('\t');
  if (fields.length < 7 || line.startsWith('#') !== line.startsWith(httpOnlyPrefix)) return undefined;
  const domain = (fields[0] ?? '').replace(/^\./, '').toLowerCase();
  return { line, id: `${domain}\t${fields[2] ?? ''}\t${fields[5] ?? ''}`, domain };
}

const ofHosts = (domain: string, hosts: readonly string[]) =>
  hosts.some((host) => domain === host || domain.endsWith(`.${host}`));

/** The jar to write back, given the session file it replaces (`current`). */
export function boundJar(jar: string, current: string, bounds: JarBounds): BoundedJar {
  const lines = jar.split('\n');
  const header = lines.filter((line) => line.trim() === '' || (line.startsWith('#') && !cookieOf(line)));
  const cookies = lines.map(cookieOf).filter((cookie) => cookie !== undefined);
  const known = new Set(
    current
      .split('\n')
      .map(cookieOf)
      .flatMap((cookie) => (cookie ? [cookie.id] : [])),
  );
  const own = cookies.filter((cookie) =>
    ofHosts(
      cookie.domain,
      bounds.hosts.map((h) => h.toLowerCase()),
    ),
  );
  const ordered = [...own.filter((c) => known.has(c.id)), ...own.filter((c) => !known.has(c.id))];
  const kept: string[] = [];
  let bytes = Buffer.byteLength(`${header.join('\n').trimEnd()}\n`);
  for (const cookie of ordered) {
    const size = Buffer.byteLength(cookie.line) + 1;
    if (kept.length >= bounds.maxCookies || bytes + size > bounds.maxBytes) continue;
    kept.push(cookie.line);
    bytes += size;
  }
  const text = `${[...header.filter((line) => line.trim() !== ''), '', ...kept].join('\n')}\n`;
  return { text, dropped: cookies.length - kept.length };
}
