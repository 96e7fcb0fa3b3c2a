// Page helpers for browser tests.
import type { Page } from 'playwright-core';

export interface ConsoleErrors {
  /** Console errors and uncaught page errors seen since the last `clear()`. */
  readonly messages: string[];
  clear(): void;
}

/** Collects console errors and uncaught page errors of a page from now on. */
export function collectConsoleErrors(page: Page): ConsoleErrors {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') messages.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => messages.push(`page error: ${error.message}`));
  return { messages, clear: () => void messages.splice(0, messages.length) };
}
