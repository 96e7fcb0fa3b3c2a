// An ad slot that reserves its exact size (so nothing jumps when the ad arrives). For now it shows a
// size-correct placeholder; the ad-network loader plugs in here. Sizes the network does not serve
// always show the placeholder. Priority only changes the ring styling; vertical slots are for large
// screens only (their parents hide them on small screens).
import { memo } from 'react';
import { isServedAdSize, type AdPriority } from '@grabbit/catalog';
import { NetworkAdContent } from './network-ad-content';

export interface AdSlotProps {
  /** "970x90", "160x600", ... */
  size: string;
  priority?: AdPriority;
  /** The screens it shows on: all, from the md breakpoint on ("wide"), or below it ("narrow"). */
  screens?: AdScreens;
  /**
   * May reach into the page column's side padding (16 px each side), so a 320 px banner or a 300 px
   * box keeps its own size on a 320 px phone.
   */
  bleed?: boolean;
}

export type AdScreens = 'all' | 'wide' | 'narrow';

// Whole class lists, not merged at run time (see lib/cn.ts).
const displayOn: Record<AdScreens, string> = {
  all: 'flex',
  wide: 'hidden md:flex',
  narrow: 'flex md:hidden',
};

const ringByPriority: Record<AdPriority, string> = {
  high: 'ring-2 ring-indigo-200',
  medium: 'ring-1 ring-slate-300',
  low: 'ring-1 ring-slate-200',
};

function parseAdSize(size: string): { width: number; height: number } {
  const [width = 0, height = 0] = size.split('x').map((n) => Number.parseInt(n, 10) || 0);
  return { width, height };
}

// Memoized: its props are plain values, so a page that renders again (when it turns live, when the
// configuration arrives) does not render its slots again; the slot follows the configuration itself.
export const AdSlot = memo(function AdSlot({
  size,
  priority = 'medium',
  screens = 'all',
  bleed = false,
}: AdSlotProps) {
  const { width, height } = parseAdSize(size);
  const slot = (
    <div
      data-ad-slot={size}
      data-ad-served={isServedAdSize(size)}
      // Scales down on narrow screens but keeps the slot's shape.
      style={{ width, maxWidth: '100%', aspectRatio: `${width} / ${height}` }}
      className={`mx-auto ${bleed ? 'flex' : displayOn[screens]} shrink-0 items-center justify-center overflow-hidden rounded-md bg-slate-100 text-xs text-slate-600 ${ringByPriority[priority]}`}
    >
      <NetworkAdContent size={size} width={width} height={height} />
    </div>
  );
  if (!bleed) return slot;
  return <div className={`-mx-4 ${displayOn[screens]} justify-center`}>{slot}</div>;
});
