// The click-gate state in local storage under the catalog's five keys, so the count survives a
// reload within the visit. Unreadable or blocked storage falls back to a fresh state.
import { monetizationStorageKeys as keys } from '@grabbit/catalog';
import { initialGate, newSessionId, type GateContext, type GateState } from './click-gate';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

export function readGate(store: KeyValueStore, context: GateContext): GateState {
  try {
    const count = Number(store.getItem(keys.clickCount));
    const platformType = store.getItem(keys.platformType);
    const sessionId = store.getItem(keys.sessionId) || newSessionId();
    if (platformType !== 'regular' && platformType !== 'adult') return initialGate(context, sessionId);
    return {
      clickCount: Number.isInteger(count) && count >= 0 ? count : 0,
      complete: store.getItem(keys.complete) === 'true',
      platformType,
      conversionMode: store.getItem(keys.conversionMode) === 'true',
      sessionId,
    };
  } catch {
    return initialGate(context);
  }
}

export function writeGate(store: KeyValueStore, state: GateState): void {
  try {
    store.setItem(keys.clickCount, String(state.clickCount));
    store.setItem(keys.complete, String(state.complete));
    store.setItem(keys.platformType, state.platformType);
    store.setItem(keys.conversionMode, String(state.conversionMode));
    store.setItem(keys.sessionId, state.sessionId);
  } catch (error) {
    console.warn('Could not keep the monetization state', error);
  }
}
