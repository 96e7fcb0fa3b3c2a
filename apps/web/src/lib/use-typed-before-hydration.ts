// Text typed or pasted into a prerendered field before the page's script started: the field shows
// it, but React's state still holds the prerendered empty value, and the next render of the field
// would write that back (on a slow phone the visitor types long before the script runs). Read once,
// as the page becomes live (a layout effect runs in the same task as hydration, before any later
// render), and handed to `keep` so the state holds what the visitor sees.
import { useLayoutEffect, useRef, type RefObject } from 'react';

export function useTypedBeforeHydration(
  container: RefObject<HTMLElement | null>,
  keep: (input: HTMLInputElement) => void,
): void {
  const keepRef = useRef(keep);
  useLayoutEffect(() => {
    for (const input of container.current?.querySelectorAll('input') ?? [])
      if (input.value !== '' && input.type !== 'checkbox') keepRef.current(input);
  }, [container]);
}
