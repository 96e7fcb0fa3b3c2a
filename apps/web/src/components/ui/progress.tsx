// Progress bar on Radix (announces its value to assistive technology).
import { Progress as ProgressPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export interface ProgressProps extends ComponentProps<typeof ProgressPrimitive.Root> {
  /** 0-100 */
  value: number;
  /** The bar's color class, in place of the default indigo. */
  indicatorColor?: string;
}

export function Progress({ value, className, indicatorColor = 'bg-indigo-700', ...props }: ProgressProps) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <ProgressPrimitive.Root
      value={clamped}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className={`h-full w-full transition-transform ${indicatorColor}`}
        style={{ transform: `translateX(-${100 - clamped}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
