// Keeps keyboard focus on the tool page when the control holding it goes away under it: the main
// button disabled and then renewed after its last gate click, a queue item's button replaced once
// its job starts. Focus then moves to the queue, where the result appears (else the page's title),
// never to the page body, which would send a keyboard or screen-reader visitor back to the top.
// A click on a spot that takes no focus is the visitor's own move away: nothing is moved then.
import { useEffect, type RefObject } from 'react';

const controls = 'a[href], button, input, textarea, summary, [role="combobox"], [tabindex]';

function lostFocus(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || (active instanceof HTMLButtonElement && active.disabled);
}

export function useKeepFocus(
  page: RefObject<HTMLElement | null>,
  queue: RefObject<HTMLElement | null>,
  title: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    const root = page.current;
    if (!root) return;
    let focusedInside = root.contains(document.activeElement);
    // Focus waits on the title only until the queue shows (a batch starts before its rows exist).
    let waitingForQueue = false;
    const onFocusIn = (event: FocusEvent) => {
      focusedInside = event.target instanceof Node && root.contains(event.target);
      if (event.target !== title.current) waitingForQueue = false;
    };
    // A press on a control of the page keeps it; a press anywhere else is the visitor moving away.
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      focusedInside = target !== null && root.contains(target) && target.closest(controls) !== null;
      waitingForQueue = false;
    };
    // Asked only when focus is at stake: the answer makes the browser compute the page's styles,
    // and the page changes many times while it becomes live.
    const queueShown = () => queue.current?.checkVisibility() ?? false;
    const keep = () => {
      if (waitingForQueue && document.activeElement === title.current && queueShown()) {
        waitingForQueue = false;
        queue.current?.focus();
        return;
      }
      if (!focusedInside || !lostFocus()) return;
      if (queueShown()) {
        queue.current?.focus();
      } else {
        title.current?.focus();
        waitingForQueue = true;
      }
    };
    const observer = new MutationObserver(keep);
    observer.observe(root, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['disabled'],
    });
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('pointerdown', onPointerDown, true);
    };
  }, [page, queue, title]);
}
