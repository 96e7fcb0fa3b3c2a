// The page's one click-gate state, shared by every gated button and kept in local storage. React
// reads it through useSyncExternalStore (hooks/use-click-gate.ts).
import { monetization } from '@grabbit/catalog';
import {
  clearGate,
  initialGate,
  registerClick,
  type ClickOutcome,
  type GateContext,
  type GateState,
} from './click-gate';
import { readGate, writeGate } from './gate-storage';

const listeners = new Set<() => void>();
let state: GateState | undefined;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The gate before hydration (and on the server). One object, returned every time: React compares
 * snapshots by identity, and a new object per call makes it render again and again ('The result
 * of getServerSnapshot should be cached to avoid an infinite loop').
 */
const initialServerGate: GateState = initialGate({ platformType: 'regular', conversionMode: false }, '');
export const serverGateSnapshot = (): GateState => initialServerGate;

export function gateSnapshot(): GateState {
  if (!state) {
    const fallbackContext: GateContext = { platformType: 'regular', conversionMode: false };
    const store = storage();
    state = store ? readGate(store, fallbackContext) : initialGate(fallbackContext);
  }
  return state;
}

function setGate(next: GateState): void {
  state = next;
  const store = storage();
  if (store) writeGate(store, next);
  for (const listener of listeners) listener();
}

export function subscribeGate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function clickGate(context: GateContext): ClickOutcome {
  const outcome = registerClick(gateSnapshot(), context);
  setGate(outcome.state);
  return outcome;
}

/** Makes the stored platform type and mode match the page (a change resets the count). */
export function alignStoredGate(context: GateContext): void {
  const current = gateSnapshot();
  if (current.platformType !== context.platformType || current.conversionMode !== context.conversionMode) {
    setGate(initialGate(context, current.sessionId));
  }
}

/**
 * Clears the gate 100 ms after a finished download, unless the visitor has clicked a gate since:
 * a click in those 100 ms (say on a queue item's save button) belongs to the next action and stays.
 */
export function resetGateAfterDownload(): void {
  const finished = gateSnapshot();
  setTimeout(() => {
    if (gateSnapshot() === finished) setGate(clearGate(finished));
  }, monetization.resetAfterDownloadMs);
}
