// A wide banner slot (728x90, 970x90): its own size from the md breakpoint on, and the phone
// banner (320x50) below it. A wide slot scaled down to a phone's width would be a strip no ad fits;
// the slot hidden at a screen size loads nothing, so each screen loads only the one it shows.
import { phoneBannerSize, type AdPriority } from '@grabbit/catalog';
import { cn } from '../../lib/cn';
import { AdSlot } from './ad-slot';

export interface BannerSlotProps {
  /** The wide size shown from tablets on: "728x90" or "970x90". */
  size: string;
  priority?: AdPriority;
  className?: string;
}

export function BannerSlot({ size, priority, className }: BannerSlotProps) {
  return (
    <>
      <AdSlot size={size} priority={priority} bleed className={cn('hidden md:flex', className)} />
      <AdSlot size={phoneBannerSize} priority={priority} bleed className={cn('md:hidden', className)} />
    </>
  );
}
