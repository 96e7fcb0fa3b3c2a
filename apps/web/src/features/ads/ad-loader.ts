// Loads network ads one slot at a time: each slot sets the network's settings (key, size, iframe
// format) and then runs the network's script, which reads those settings as it starts, so slots
// must not overlap. 100 ms pass between two slots.
import { ads } from '@grabbit/catalog';
import { adScriptUrl } from './ad-keys';

export interface AdRequest {
  container: HTMLElement;
  networkUrl: string;
  key: string;
  width: number;
  height: number;
}

let queue: Promise<void> = Promise.resolve();

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function injectScripts({ container, networkUrl, key, width, height }: AdRequest): Promise<void> {
  // Set from here rather than by an inline script: the Content-Security-Policy runs no inline code.
  (window as unknown as { atOptions: unknown }).atOptions = {
    key,
    format: 'iframe',
    height,
    width,
    params: {},
  };
  const invoke = document.createElement('script');
  invoke.src = adScriptUrl(networkUrl, key);
  const done = new Promise<void>((resolve) => {
    invoke.addEventListener('load', () => resolve(), { once: true });
    invoke.addEventListener('error', () => resolve(), { once: true });
    // A hanging script must not hold up the other slots.
    setTimeout(resolve, ads.loadCheckMs);
  });
  container.replaceChildren(invoke);
  return done;
}

/** Queues one slot's scripts; resolves once they ran (or failed). */
export function enqueueAd(request: AdRequest): Promise<void> {
  const run = queue.then(async () => {
    if (request.container.isConnected) await injectScripts(request);
    await sleep(ads.queueSpacingMs);
  });
  queue = run.catch(() => undefined);
  return run;
}
