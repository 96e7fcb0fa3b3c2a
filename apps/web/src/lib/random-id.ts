// Random ids for queue items, URL rows and progress groups: the one id helper of the pages.
// crypto.getRandomValues works on plain-HTTP pages too, where crypto.randomUUID is missing (it exists
// only in secure contexts), so pages served on a LAN address over HTTP work.
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random id of letters and digits, matching the server's progress id rule [A-Za-z0-9_-]{8,64}. */
export function randomId(length = 21): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}
