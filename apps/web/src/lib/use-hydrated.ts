// False on the server and while the prerendered page hydrates, true once React runs in the browser.
// Controls that need JavaScript stay disabled until then (an early click or file choice is never
// lost), and parts not needed for the first paint wait for it.
import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
