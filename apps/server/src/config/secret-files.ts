// Secrets from files: each setting below may instead be given as NAME_FILE, the path of a file
// holding its value (Docker and Kubernetes secrets are mounted as files, so they never show in
// the environment, `docker inspect` or a process listing).
import { readFileSync } from 'node:fs';

/** Settings that may hold a secret: passwords in addresses, keys, tokens, salts, proxy logins. */
const secretSetting =
  /^(REDIS_URL|S3_ACCESS_KEY_ID|S3_SECRET_ACCESS_KEY|CLOUD_SIGNING_SECRET|METRICS_TOKEN|RATE_LIMIT_SALT|YTDLP_PROXY(_[A-Z0-9]+)?|YTDLP_EXTRACTOR_ARGS_[A-Z0-9]+)$/;

const fileSuffix = '_FILE';

/** Whether NAME_FILE may stand for NAME (API_KEYS_FILE, a setting of its own, is not one). */
export function fileVariantOf(variable: string): string | undefined {
  if (!variable.endsWith(fileSuffix)) return undefined;
  const name = variable.slice(0, -fileSuffix.length);
  return secretSetting.test(name) ? name : undefined;
}

/**
 * The environment with every NAME_FILE replaced by NAME, read from its file (the line break an
 * editor leaves at the end is dropped). Problems name the variable and the path, never a value.
 */
export function readSecretFiles(env: Record<string, string | undefined>): {
  env: Record<string, string | undefined>;
  problems: string[];
} {
  const resolved = { ...env };
  const problems: string[] = [];
  for (const [variable, file] of Object.entries(env)) {
    const name = fileVariantOf(variable);
    if (!name || file === undefined || file === '') continue;
    delete resolved[variable];
    if (env[name] !== undefined && env[name] !== '') {
      problems.push(`${name}, ${variable}: set one or the other, not both`);
      continue;
    }
    try {
      resolved[name] = readFileSync(file, 'utf8').replace(/\s+$/, '');
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      problems.push(`${variable}=${JSON.stringify(file)}: cannot read the file (${reason})`);
    }
  }
  return { env: resolved, problems };
}
