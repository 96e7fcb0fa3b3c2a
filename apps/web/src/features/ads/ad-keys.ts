// Which ad key a slot uses. The server's AD_KEYS_REGULAR / AD_KEYS_ADULT
// settings list one key per size, "728x90:key1,300x250:key2"; the six adult routes use the adult
// set. A size without a key (or a size the network does not serve) shows the placeholder.
import { isServedAdSize, platformByRoute, type AdKeySet } from '@grabbit/catalog';

export type AdKeys = Readonly<Record<string, string>>;

export function parseAdKeys(text: string): AdKeys {
  const keys: Record<string, string> = {};
  for (const entry of text.split(',')) {
    const match = /^\s*(\d+x\d+)\s*[:=]\s*([\w-]+)\s*$/.exec(entry);
    if (match?.[1] && match[2]) keys[match[1]] = match[2];
  }
  return keys;
}

export function adKeySetForPath(pathname: string): AdKeySet {
  const route = pathname.replace(/\/+$/, '') || '/';
  return platformByRoute(route)?.adult ? 'adult' : 'regular';
}

export interface AdNetworkSettings {
  networkUrl: string;
  regularKeys: string;
  adultKeys: string;
}

/** The key for a slot of `size` on `pathname`, or undefined for a placeholder. */
export function adKeyFor(
  settings: AdNetworkSettings | undefined,
  pathname: string,
  size: string,
): string | undefined {
  if (!settings?.networkUrl || !isServedAdSize(size)) return undefined;
  const text = adKeySetForPath(pathname) === 'adult' ? settings.adultKeys : settings.regularKeys;
  return parseAdKeys(text)[size];
}

/** The network's script for a key: its path contains the key. */
export function adScriptUrl(networkUrl: string, key: string): string {
  return `${networkUrl.replace(/\/+$/, '')}/${encodeURIComponent(key)}/invoke.js`;
}
