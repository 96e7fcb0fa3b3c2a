// False on the server and while the prerendered page hydrates, true once React runs in the browser.
// Controls that need JavaScript stay disabled until then (an early click or file choice is never
// lost), and parts not needed for the first paint wait for it.
//
// The switch to true comes in a task of its own, after the one that made the page live: a value
// that differed from the prerendered one at once made React render those parts again at the end of
// that same task, lengthening the longest task of the page's start on a phone.
import { use, useSyncExternalStore } from 'react';
import { PageStateContext } from './page-state-context';

let live = false;
const listeners = new Set<() => void>();
let switching: ReturnType<typeof setTimeout> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Subscriptions start once a tree has been made live (effects run after hydration).
  switching ??= setTimeout(() => {
    live = true;
    for (const notify of listeners) notify();
  });
  return () => listeners.delete(listener);
}

/** The switch itself, for the page-state provider alone (components use `useHydrated`). */
export function useLiveSwitch(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => live,
    () => false,
  );
}

export function useHydrated(): boolean {
  return use(PageStateContext).hydrated;
}
