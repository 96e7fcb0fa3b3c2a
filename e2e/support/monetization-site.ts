// A local stand-in for the ad network and the sponsor pages, so the monetization browser tests can
// count what the pages open and load: sponsor pages and scripts per variant (regular, adult), and
// ad scripts under /ads/{key}/invoke.js that draw a frame of the size the page's settings asked for
// (the key "noframe" draws nothing, to see the slow-ad path).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MonetizationSite {
  origin: string;
  /** Request paths in arrival order, with their arrival time. */
  hits: { path: string; at: number }[];
  count(prefix: string): number;
  /** Server environment that points the pages at this site. */
  env: Record<string, string>;
  close(): Promise<void>;
}

const invokeScript = `(function () {
  var o = window.atOptions || {};
  var me = document.currentScript;
  if (!o.key || o.key === 'noframe') return;
  var f = document.createElement('iframe');
  f.width = String(o.width); f.height = String(o.height); f.setAttribute('data-network-key', o.key);
  f.setAttribute('data-format', o.format);
  f.src = 'about:blank';
  me.parentNode.insertBefore(f, me.nextSibling);
})();`;

export async function startMonetizationSite(): Promise<MonetizationSite> {
  const hits: { path: string; at: number }[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.push({ path, at: Date.now() });
    if (path.endsWith('/invoke.js'))
      return res.writeHead(200, { 'content-type': 'text/javascript' }).end(invokeScript);
    if (path.endsWith('.js')) {
      return res
        .writeHead(200, { 'content-type': 'text/javascript' })
        .end('window.__popunderRuns = (window.__popunderRuns || 0) + 1;');
    }
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(`<!doctype html><title>Sponsor</title><p>${path}</p>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    hits,
    count: (prefix) => hits.filter((hit) => hit.path.startsWith(prefix)).length,
    env: {
      AD_NETWORK_URL: `${origin}/ads`,
      AD_KEYS_REGULAR: '728x90:reg728,300x250:noframe,320x50:reg320',
      AD_KEYS_ADULT: '728x90:adu728,320x50:adu320',
      SPONSOR_LINK_REGULAR: `${origin}/sponsor/regular.html`,
      SPONSOR_SCRIPT_REGULAR: `${origin}/sponsor/regular.js`,
      SPONSOR_LINK_ADULT: `${origin}/sponsor/adult.html`,
      SPONSOR_SCRIPT_ADULT: `${origin}/sponsor/adult.js`,
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
