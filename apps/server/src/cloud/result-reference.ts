// Which of our own results an upload call means. Only a downloadUrl or file id this server gave out
// is accepted: never a path on the server, `..`, or another host's address. Nothing is read here.
import { AppError } from '../core/app-error';
import { isId } from '../core/ids';

const resultPath = /^\/api\/download\/file\/([A-Za-z0-9_-]{22})$/;

export const refusedFilePath = () =>
  new AppError('FILE_PATH_REFUSED', 'filePath must be a download link or file id this server gave out.');

/**
 * The result's file id, or a FILE_PATH_REFUSED error. `ownOrigins` are this server's origins
 * (the request's own, and PUBLIC_URL when set): absolute links must point at one of them.
 */
export function resultIdFromFilePath(filePath: string, ownOrigins: readonly string[]): string {
  const text = filePath.trim();
  if (isId(text)) return text;
  if (text.startsWith('/')) {
    const id = resultPath.exec(text)?.[1];
    if (id) return id;
    throw refusedFilePath();
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refusedFilePath();
  }
  // Compared as URL origins, so http://host:80 and http://host are one origin.
  const own = ownOrigins.some((origin) => URL.parse(origin)?.origin === url.origin);
  const id = resultPath.exec(url.pathname)?.[1];
  if (!own || !id || url.search || url.username || url.password) throw refusedFilePath();
  return id;
}
