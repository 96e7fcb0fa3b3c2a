// Public face of the monetization feature.
export { MonetizedButton } from './components/monetized-button';
export { MonetizationNotice } from './components/monetization-notice';
export { alignStoredGate, resetGateAfterDownload } from './lib/gate-store';
export type { GatedButton, PlatformType } from './lib/click-gate';
