// Small status pill.
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  default: 'bg-indigo-100 text-indigo-900',
  secondary: 'bg-slate-100 text-slate-800',
  success: 'bg-green-100 text-green-900',
  destructive: 'bg-red-100 text-red-900',
  outline: 'border border-slate-300 text-slate-800',
} as const;

export interface BadgeProps extends ComponentProps<'span'> {
  variant?: keyof typeof variants;
}

export function Badge({ variant = 'default', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
