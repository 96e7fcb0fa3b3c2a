// The one button of the design system, in shadcn style: variants and sizes as Tailwind classes.
// `asChild` renders the styles on a child element instead (a router Link, for example).
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  default: 'bg-indigo-700 text-white hover:bg-indigo-800',
  secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200',
  outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
  ghost: 'text-slate-800 hover:bg-slate-100',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
  warning: 'border-2 border-yellow-500 bg-yellow-50 text-yellow-900 hover:bg-yellow-100',
} as const;

const sizes = {
  default: 'h-10 px-4 py-2 text-sm',
  sm: 'h-9 px-3 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10 text-sm',
} as const;

/** The parts never conflict with each other, so they are joined as they are (see lib/cn.ts). */
const base = [
  'inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
  'disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
].join(' ');

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  asChild?: boolean;
}

export function buttonClasses(
  variant: ButtonVariant = 'default',
  size: ButtonSize = 'default',
  className?: string,
) {
  return cn(`${base} ${variants[variant]} ${sizes[size]}`, className);
}

export function Button({ variant, size, asChild = false, className, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      className={buttonClasses(variant, size, className)}
      // A plain <button> defaults to submit inside forms; say so explicitly only when asked.
      type={asChild ? undefined : (type ?? 'button')}
      {...props}
    />
  );
}
