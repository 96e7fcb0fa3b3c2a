// The monetization click-gate as a pure state machine. Each click before
// completion counts and opens sponsor pages; the click that reaches the required count completes the
// gate and lets the action run. Changing the platform type or the conversion flag starts over.
import { countOf, monetization } from '@grabbit/catalog';

export type PlatformType = 'regular' | 'adult';

export interface GateState {
  clickCount: number;
  complete: boolean;
  platformType: PlatformType;
  /** Queue-item downloads use the shorter "conversion mode" gate. */
  conversionMode: boolean;
  sessionId: string;
}

export interface GateContext {
  platformType: PlatformType;
  conversionMode: boolean;
}

export function newSessionId(now: number = Date.now(), random: () => number = Math.random): string {
  return `${now}-${random().toString(36).slice(2, 10)}`;
}

export function initialGate(context: GateContext, sessionId: string = newSessionId()): GateState {
  return { clickCount: 0, complete: false, ...context, sessionId };
}

export function requiredClicks({ platformType, conversionMode }: GateContext): number {
  if (conversionMode) return monetization.clicksQueueItem;
  return platformType === 'adult' ? monetization.clicksAdult : monetization.clicksRegular;
}

/** The state as seen from a button of `context`: a different platform type or mode resets the count. */
function alignGate(state: GateState, context: GateContext): GateState {
  if (state.platformType === context.platformType && state.conversionMode === context.conversionMode)
    return state;
  return initialGate(context, state.sessionId);
}

export interface ClickOutcome {
  state: GateState;
  /** Whether this click opens sponsor pages (every click before completion). */
  opensSponsors: boolean;
  /** Whether the button's action runs now. */
  runsAction: boolean;
}

export function registerClick(current: GateState, context: GateContext): ClickOutcome {
  const state = alignGate(current, context);
  if (state.complete) return { state, opensSponsors: false, runsAction: true };
  const clickCount = state.clickCount + 1;
  const complete = clickCount >= requiredClicks(context);
  return { state: { ...state, clickCount, complete }, opensSponsors: true, runsAction: complete };
}

/** Cleared after a finished download: a fresh count, same session. */
export function clearGate(state: GateState): GateState {
  return initialGate(
    { platformType: state.platformType, conversionMode: state.conversionMode },
    state.sessionId,
  );
}

export function clicksLeft(state: GateState, context: GateContext): number {
  const aligned = alignGate(state, context);
  return aligned.complete ? 0 : Math.max(0, requiredClicks(context) - aligned.clickCount);
}

/** The progress strip's fill, 0-1: count divided by required. */
export function gateProgress(state: GateState, context: GateContext): number {
  const aligned = alignGate(state, context);
  return Math.min(1, aligned.clickCount / requiredClicks(context));
}

/** The gated buttons: the downloader pages' main button, a queue item's save, the converter's main. */
export type GatedButton = 'downloader' | 'queue-item' | 'converter';

/** What each gated button says it will do. Whatever the original site wrote, a visitor who pasted a
 * link wants to download and one who chose files wants to convert. */
const gatedActions: Record<GatedButton, string> = {
  downloader: 'Download',
  'queue-item': 'Download',
  converter: 'Convert',
};

/** Queue items use the shorter "conversion mode" gate. */
export function isConversionMode(button: GatedButton): boolean {
  return button === 'queue-item';
}

/**
 * The label before completion: the button's action and the clicks still needed. `action` names it
 * where the button's usual word would read like its neighbours' (the zip of a selection).
 */
export function gateLabel(button: GatedButton, clicks: number, action?: string): string {
  return `${action ?? gatedActions[button]} (${countOf(clicks, 'click')} to start)`;
}
