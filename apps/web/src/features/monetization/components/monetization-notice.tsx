// The notice under the main button: how many clicks the gate needs.
import { monetizationNotice } from '@grabbit/catalog';
import { Info } from 'lucide-react';
import { useMonetizationSettings } from '../hooks/use-monetization-settings';
import type { PlatformType } from '../lib/click-gate';

export function MonetizationNotice({ platformType }: { platformType: PlatformType }) {
  const { enabled } = useMonetizationSettings(platformType);
  if (!enabled) return null;
  return (
    <p
      className="flex items-start gap-2 rounded-md bg-yellow-50 p-3 text-sm text-yellow-900"
      data-testid="monetization-notice"
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{monetizationNotice}</span>
    </p>
  );
}
