// Tooltip on Radix with the spec's timing (open after 700 ms, 300 ms skip delay). Each tooltip
// carries its own provider: keeping Radix's positioning code out of the shared app shell keeps the
// home page's JavaScript small, and only pages that show tooltips load it.
import { ui } from '@grabbit/catalog';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface TooltipProps extends Omit<ComponentProps<typeof TooltipPrimitive.Content>, 'content'> {
  content: ReactNode;
  children: ReactNode;
}

/** Wraps one focusable child and shows `content` on hover or focus. */
export function Tooltip({ content, children, className, sideOffset = 4, ...props }: TooltipProps) {
  return (
    <TooltipPrimitive.Provider delayDuration={ui.tooltipDelayMs} skipDelayDuration={ui.tooltipSkipDelayMs}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            sideOffset={sideOffset}
            className={cn('z-50 rounded-md bg-slate-900 px-3 py-1.5 text-xs text-white shadow', className)}
            {...props}
          >
            {content}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
