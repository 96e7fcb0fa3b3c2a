// Whether the gate is on and which sponsor settings apply, from the server's configuration (an
// operator changes them without rebuilding). While the configuration loads, the gate stays on.
import { featureFlags } from '@grabbit/catalog';
import { usePublicConfig } from '../../../lib/connection';
import type { PlatformType } from '../lib/click-gate';
import type { SponsorSettings } from '../lib/sponsor-flows';

const noSponsors: SponsorSettings = { link: '', script: '' };

export function useMonetizationSettings(platformType: PlatformType): {
  enabled: boolean;
  sponsors: SponsorSettings;
} {
  const { data } = usePublicConfig();
  return {
    enabled: data?.features.monetization ?? featureFlags.monetization,
    sponsors: data?.sponsors[platformType] ?? noSponsors,
  };
}
