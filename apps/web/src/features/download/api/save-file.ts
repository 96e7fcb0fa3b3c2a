// Saving a finished file without holding it in the page's memory: the browser itself fetches the
// /api/ link, whose Content-Disposition makes it a download (names with any characters work). A
// HEAD request first tells an expired file apart, so the visitor gets a clear message instead.
import { resolveApiLink } from '../../../lib/api-client';
import { clickDownload } from '../../../lib/click-download';

export async function fileIsAvailable(link: string): Promise<boolean> {
  try {
    const response = await fetch(await resolveApiLink(link), { method: 'HEAD' });
    return response.ok;
  } catch {
    return false;
  }
}

/** Starts the browser's own download of a GET link. */
export async function saveLink(link: string, fileName?: string): Promise<void> {
  clickDownload(await resolveApiLink(link), fileName);
}

/** Starts the browser's own download of a link that answers POST (a batch's zip). */
export async function savePostLink(link: string): Promise<void> {
  const form = document.createElement('form');
  form.method = 'POST';
  // An empty text/plain body: the server parses it without a form parser.
  form.enctype = 'text/plain';
  form.action = await resolveApiLink(link);
  form.style.display = 'none';
  document.body.append(form);
  form.submit();
  form.remove();
}
