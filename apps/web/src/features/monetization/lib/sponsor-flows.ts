// Sponsor flows opened by the click-gate. Browsers allow one pop-up
// per click, so clicks alternate between the two window flows (a direct link in a new tab, then a
// tiny off-screen window closed after 2 s); every click also loads a hidden iframe removed after
// 3 s, and the first click loads the pop-under script into the document head. Each flow gets two
// attempts 1 s apart; failures are only logged, never shown, and a blocked pop-up is only a warning.
import { monetization } from '@grabbit/catalog';

export interface SponsorSettings {
  link: string;
  script: string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function withRetry(name: string, flow: () => Promise<void> | void): Promise<void> {
  for (let attempt = 1; attempt <= monetization.attempts; attempt += 1) {
    try {
      await flow();
      return;
    } catch (error) {
      if (attempt === monetization.attempts) console.warn(`Sponsor ${name} failed`, error);
      else await sleep(monetization.retryDelayMs);
    }
  }
}

function openWindow(url: string, target: string, features?: string): Window | null {
  const opened = window.open(url, target, features);
  if (!opened) console.warn('A pop-up blocker stopped a sponsor page.');
  return opened;
}

function openDirectLink(link: string): void {
  // The tab stays open: cut its way back to this page.
  const opened = openWindow(link, '_blank');
  if (opened) opened.opener = null;
}

/** Keeps its opener: only the opener may close it again. */
function openTinyWindow(link: string): void {
  const opened = openWindow(link, `sponsor_${Date.now()}`, 'width=1,height=1,left=-10000,top=-10000');
  if (opened) setTimeout(() => opened.close(), monetization.popunderCloseMs);
}

/** Resolves when `element` fires load, rejects on error or after the 2 s wait. */
function waitForLoad(element: HTMLElement): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), monetization.scriptTimeoutMs);
    element.addEventListener('load', () => (clearTimeout(timer), resolve()), { once: true });
    element.addEventListener('error', () => (clearTimeout(timer), reject(new Error('failed to load'))), {
      once: true,
    });
  });
}

async function loadPopunderScript(src: string): Promise<void> {
  const existing = document.head.querySelector<HTMLScriptElement>(
    `script[data-sponsor-script="${CSS.escape(src)}"]`,
  );
  if (existing?.dataset.loaded === 'true') return;
  existing?.remove();
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  script.dataset.sponsorScript = src;
  const loaded = waitForLoad(script);
  document.head.append(script);
  await loaded.catch((error: unknown) => {
    script.remove();
    throw error;
  });
  script.dataset.loaded = 'true';
}

async function loadHiddenFrame(link: string): Promise<void> {
  const frame = document.createElement('iframe');
  frame.src = link;
  frame.dataset.sponsorFrame = 'true';
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.cssText =
    'position:absolute;width:1px;height:1px;left:-10000px;top:-10000px;border:0;visibility:hidden';
  setTimeout(() => frame.remove(), monetization.iframeRemoveMs);
  const loaded = waitForLoad(frame);
  document.body.append(frame);
  await loaded;
}

/**
 * Runs the flows of gate click number `clickNumber` (1-based). Must be called synchronously inside
 * the click handler, so the pop-up counts as opened by the visitor.
 */
export function runSponsorFlows(settings: SponsorSettings, clickNumber: number): void {
  if (settings.link) {
    if (clickNumber % 2 === 1) void withRetry('link', () => openDirectLink(settings.link));
    else void withRetry('window', () => openTinyWindow(settings.link));
    void withRetry('frame', () => loadHiddenFrame(settings.link));
  }
  if (settings.script) void withRetry('script', () => loadPopunderScript(settings.script));
}
