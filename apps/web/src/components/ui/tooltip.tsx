// Tooltip on Radix with the site's timing (open after 700 ms, 300 ms skip delay). Loaded lazily by
// icon-button.tsx once the page is interactive, so Radix's positioning code stays out of the first
// JavaScript a page needs.
import { tooltips } from '@grabbit/catalog';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';

/** Wraps one focusable child and shows `content` on hover or focus. */
export default function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={tooltips.openDelayMs} skipDelayDuration={tooltips.skipDelayMs}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            sideOffset={4}
            className="z-50 rounded-md bg-slate-900 px-3 py-1.5 text-xs text-white shadow"
            data-testid="tooltip"
          >
            {content}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
