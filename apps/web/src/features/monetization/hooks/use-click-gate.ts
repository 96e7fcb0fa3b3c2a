// A gated button's view of the shared click-gate: clicks left, strip fill, and the click handler
// that counts, opens sponsor pages and runs the action once the gate is complete.
import { useCallback, useSyncExternalStore } from 'react';
import { clicksLeft, gateProgress, type GateContext } from '../lib/click-gate';
import { clickGate, gateSnapshot, serverGateSnapshot, subscribeGate } from '../lib/gate-store';
import { runSponsorFlows } from '../lib/sponsor-flows';
import { useMonetizationSettings } from './use-monetization-settings';

export interface ClickGateView {
  enabled: boolean;
  /** Clicks still needed (0 once complete). */
  left: number;
  /** 0-1. */
  progress: number;
  /** Call from the button's onClick; runs `action` when the gate lets it. */
  click: (action: () => void) => void;
}

export function useClickGate(context: GateContext): ClickGateView {
  const state = useSyncExternalStore(subscribeGate, gateSnapshot, serverGateSnapshot);
  const { enabled, sponsors } = useMonetizationSettings(context.platformType);
  const { platformType, conversionMode } = context;
  const click = useCallback(
    (action: () => void) => {
      if (!enabled) {
        action();
        return;
      }
      const outcome = clickGate({ platformType, conversionMode });
      if (outcome.opensSponsors) runSponsorFlows(sponsors, outcome.state.clickCount);
      if (outcome.runsAction) action();
    },
    [enabled, sponsors, platformType, conversionMode],
  );
  return {
    enabled,
    left: enabled ? clicksLeft(state, context) : 0,
    progress: enabled ? gateProgress(state, context) : 1,
    click,
  };
}
