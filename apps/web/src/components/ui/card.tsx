// Card surfaces: a bordered box with optional header, title, description, content and footer.
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('rounded-lg border border-slate-200 bg-white text-slate-900 shadow-sm', className)}
      {...props}
    />
  );
}

/** A card's header: title and description stacked, or (`row`) side by side with its actions. */
export function CardHeader({ row = false, className, ...props }: ComponentProps<'div'> & { row?: boolean }) {
  const layout = row ? 'flex-row flex-wrap items-center justify-between gap-3' : 'flex-col gap-1.5';
  return <div className={cn(`flex p-5 ${layout}`, className)} {...props} />;
}

/** A card's heading; `as` picks the level that follows the page's outline (headings never skip). */
export function CardTitle({
  as: Heading = 'h3',
  className,
  ...props
}: ComponentProps<'h3'> & { as?: 'h2' | 'h3' }) {
  return <Heading className={cn('text-lg leading-tight font-semibold', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('p-5 pt-0', className)} {...props} />;
}
