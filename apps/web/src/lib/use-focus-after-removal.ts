// Where keyboard focus goes when a list row is removed by its own button: the first control of the
// row that took its place (the next one), else of the row before it, else `fallback` (the drop
// zone, say). Without this the removed button takes focus with it and the visitor lands on the
// page body, at the top of the page for a keyboard or a screen reader.
import { useLayoutEffect, useRef, type RefObject } from 'react';

const focusable = 'a[href], button:not(:disabled), input:not(:disabled), [tabindex]:not([tabindex="-1"])';

export interface FocusAfterRemoval<T extends HTMLElement> {
  /** On the list whose children are the rows. */
  listRef: RefObject<T | null>;
  /** Call with the row's index just before removing it. */
  removing: (index: number) => void;
}

export function useFocusAfterRemoval<T extends HTMLElement>(
  fallback?: RefObject<HTMLElement | null>,
): FocusAfterRemoval<T> {
  const listRef = useRef<T>(null);
  const removedIndex = useRef<number | undefined>(undefined);
  // Runs after every commit of the list's owner: the first one after the removal moves focus.
  useLayoutEffect(() => {
    const index = removedIndex.current;
    if (index === undefined) return;
    removedIndex.current = undefined;
    const rows = listRef.current?.children;
    const row = rows?.[index] ?? rows?.[index - 1];
    const control = row?.querySelector<HTMLElement>(focusable) ?? fallback?.current;
    control?.focus();
  });
  return {
    listRef,
    removing: (index) => {
      removedIndex.current = index;
    },
  };
}
