// An ad slot that reserves its exact size (so nothing jumps when the ad arrives). For now it shows a
// size-correct placeholder; the ad-network loader plugs in here. Sizes the network does not serve
// always show the placeholder. Priority only changes the ring styling; vertical slots are for large
// screens only (their parents hide them on small screens).
import { isServedAdSize, type AdPriority } from '@grabbit/catalog';
import { cn } from '../../lib/cn';
import { NetworkAdContent } from './network-ad-content';

export interface AdSlotProps {
  /** "970x90", "160x600", ... */
  size: string;
  priority?: AdPriority;
  className?: string;
  /**
   * May reach into the page column's side padding (16 px each side), so a 320 px banner or a 300 px
   * box keeps its own size on a 320 px phone. `className` then goes on the wrapper that does it.
   */
  bleed?: boolean;
}

const ringByPriority: Record<AdPriority, string> = {
  high: 'ring-2 ring-indigo-200',
  medium: 'ring-1 ring-slate-300',
  low: 'ring-1 ring-slate-200',
};

function parseAdSize(size: string): { width: number; height: number } {
  const [width = 0, height = 0] = size.split('x').map((n) => Number.parseInt(n, 10) || 0);
  return { width, height };
}

export function AdSlot({ size, priority = 'medium', className, bleed = false }: AdSlotProps) {
  const { width, height } = parseAdSize(size);
  const slot = (
    <div
      data-ad-slot={size}
      data-ad-served={isServedAdSize(size)}
      // Scales down on narrow screens but keeps the slot's shape.
      style={{ width, maxWidth: '100%', aspectRatio: `${width} / ${height}` }}
      className={cn(
        'mx-auto flex shrink-0 items-center justify-center overflow-hidden rounded-md bg-slate-100 text-xs text-slate-600',
        ringByPriority[priority],
        !bleed && className,
      )}
    >
      <NetworkAdContent size={size} width={width} height={height} />
    </div>
  );
  if (!bleed) return slot;
  return <div className={cn('-mx-4 flex justify-center', className)}>{slot}</div>;
}
