// Names visitors see: built from the media title with the names rule every part shares
// (contracts' safeBaseName: no control or bidi characters, non-ASCII letters kept).
import { safeBaseName } from '@grabbit/contracts';

export const sanitizeTitle = safeBaseName;

export function fileNameFor(title: string | undefined, extension: string): string {
  return `${safeBaseName(title)}.${extension}`;
}
