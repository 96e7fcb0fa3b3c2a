// False while the prerendered page is not yet interactive, true once React runs in the browser.
// Controls that need JavaScript stay disabled until then, so an early file choice is never lost.
import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
