// Debian's Chromium, driven by playwright-core, with the flags this machine needs (no network
// beyond loopback, running as root).
import { chromium, type Browser } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * A made-up LAN host name Chromium resolves to 127.0.0.1: pages opened at http://grabbit.lan:PORT
 * run as on a self-hosted LAN address over plain HTTP (not a secure context, unlike localhost).
 */
const lanHost = 'grabbit.lan';

/** The server's address under the LAN host name. */
export const lanOrigin = (port: number) => `http://${lanHost}:${port}`;

export const chromiumArgs = [
  `--host-resolver-rules=MAP ${lanHost} 127.0.0.1`,
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}
