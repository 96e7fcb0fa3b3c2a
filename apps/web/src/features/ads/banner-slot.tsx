// A wide banner slot (728x90, 970x90): its own size from the md breakpoint on, and the phone
// banner (320x50) below it. A wide slot scaled down to a phone's width would be a strip no ad fits;
// the slot hidden at a screen size loads nothing, so each screen loads only the one it shows.
import { memo } from 'react';
import { phoneBannerSize, type AdPriority } from '@grabbit/catalog';
import { AdSlot } from './ad-slot';

export interface BannerSlotProps {
  /** The wide size shown from tablets on: "728x90" or "970x90". */
  size: string;
  priority?: AdPriority;
}

// Memoized for the same reason as AdSlot.
export const BannerSlot = memo(function BannerSlot({ size, priority }: BannerSlotProps) {
  return (
    <>
      <AdSlot size={size} priority={priority} screens="wide" bleed />
      <AdSlot size={phoneBannerSize} priority={priority} screens="narrow" bleed />
    </>
  );
});
