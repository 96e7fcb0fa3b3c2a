// The operator's sessions for each platform: `COOKIES_DIR/<platform>.txt` and every
// `COOKIES_DIR/<platform>/*.txt`, one session per file. The folder is read again when a pick finds
// the last reading older than a few seconds, so files the operator adds, replaces or removes count
// without a restart. Each session may make a budget of downloads per hour (pacing: a session that
// downloads much more than a person would is flagged by the site); a pick takes the healthy session
// with budget left that was used least recently (access-ledger.ts).
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { PlatformId } from '@grabbit/catalog';
import { pickItem, type AccessLedger } from './access-ledger';

/** How old a reading of the folder may be before a pick reads it again. */
export const sessionRescanMs = 5_000;

export interface Session {
  /** The file's path under COOKIES_DIR (`vimeo.txt`, `vimeo/main.txt`): names it in logs, no secret. */
  id: string;
  /** Its key in the access ledger. */
  key: string;
  /** Absolute path of the cookie file. */
  file: string;
}

export interface SessionPoolSettings {
  COOKIES_DIR?: string;
  ACCESS_SESSION_BUDGETS: Record<PlatformId, number>;
}

const isCookieFile = (name: string) => name.endsWith('.txt') && !name.startsWith('.');

/** Names of the cookie files in a folder (none when it does not exist). */
async function cookieFiles(folder: string): Promise<string[]> {
  try {
    const entries = await readdir(folder, { withFileTypes: true });
    return entries.filter((entry) => entry.isFile() && isCookieFile(entry.name)).map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** The sessions of a platform as the folder holds them now. */
export async function scanSessions(cookiesDir: string, platform: PlatformId): Promise<Session[]> {
  const single = (await cookieFiles(cookiesDir)).filter((name) => name === `${platform}.txt`);
  const pooled = (await cookieFiles(path.join(cookiesDir, platform)))
    .sort()
    .map((name) => `${platform}/${name}`);
  return [...single, ...pooled].map((id) => ({ id, key: `session:${id}`, file: path.join(cookiesDir, id) }));
}

export class SessionPool {
  private readonly readings = new Map<PlatformId, { at: number; sessions: Promise<Session[]> }>();

  constructor(
    private readonly settings: SessionPoolSettings,
    private readonly ledger: AccessLedger,
    private readonly now: () => number = Date.now,
  ) {}

  /** The platform's sessions, read again when the last reading is older than sessionRescanMs. */
  sessions(platform: PlatformId): Promise<Session[]> {
    const cookiesDir = this.settings.COOKIES_DIR;
    if (!cookiesDir) return Promise.resolve([]);
    const reading = this.readings.get(platform);
    if (reading && this.now() - reading.at < sessionRescanMs) return reading.sessions;
    const sessions = scanSessions(cookiesDir, platform);
    this.readings.set(platform, { at: this.now(), sessions });
    return sessions;
  }

  /**
   * The operator set up sessions for the platform: its `<platform>.txt` or its `<platform>/` folder
   * exists under COOKIES_DIR (even when the folder holds no session now).
   */
  async configured(platform: PlatformId): Promise<boolean> {
    const cookiesDir = this.settings.COOKIES_DIR;
    if (!cookiesDir) return false;
    const exists = (name: string) =>
      stat(path.join(cookiesDir, name)).then(
        () => true,
        () => false,
      );
    return (await exists(`${platform}.txt`)) || exists(platform);
  }

  /**
   * A session for one run, counted against its budget: among those healthy with budget left, the
   * one used least recently. Undefined when the platform has none left.
   */
  async take(platform: PlatformId): Promise<Session | undefined> {
    return pickItem(this.ledger, await this.sessions(platform), {
      budget: this.settings.ACCESS_SESSION_BUDGETS[platform],
    });
  }
}
