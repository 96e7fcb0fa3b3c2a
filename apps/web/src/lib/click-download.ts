// Starts a browser download by clicking a hidden anchor: the browser fetches the link itself, so the
// page never holds the file (a link of the page's own, or an /api/ link that answers a download).
export function clickDownload(href: string, fileName?: string): void {
  const anchor = document.createElement('a');
  anchor.href = href;
  if (fileName) anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
