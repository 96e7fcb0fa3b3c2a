// File keys: always 128 unguessable bits (random, or derived with the server's secret from the
// owner and the result kept), then the visitor's sanitised name, so choosing a name never lets
// anyone reach, overwrite or delete another visitor's object.
import { safeBaseName } from '@grabbit/contracts';
import { isId, newId } from '../core/ids';

const maxNameLength = 64;

/** Letters, digits, dot, underscore and hyphen; runs of anything else become one hyphen. */
export function sanitiseKeyName(customKey: string | undefined): string {
  const name = (customKey ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[-._]+|[-._]+$/g, '')
    .slice(0, maxNameLength)
    .replace(/[-._]+$/g, '');
  return name;
}

/** A file key: the id (random, or derived by the server) and the visitor's sanitised name. */
export function newFileKey(customKey: string | undefined, id: string = newId()): string {
  const name = sanitiseKeyName(customKey);
  return name ? `${id}-${name}` : id;
}

/** Whether text has the shape of a file key (checked before it ever touches a path). */
export function isFileKey(text: string): boolean {
  if (text.length < 22 || !isId(text.slice(0, 22))) return false;
  const rest = text.slice(22);
  return rest === '' || (/^-[A-Za-z0-9._-]{1,64}$/.test(rest) && !rest.includes('..'));
}

/** The visitor's name for Content-Disposition: the one name rule (no folders, control or bidi characters). */
export function displayName(customKey: string): string {
  return safeBaseName(customKey, '');
}
