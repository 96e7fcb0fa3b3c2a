// A button showing only an icon: its label is read out (aria-label) and, once the page is
// interactive, shown as a tooltip on hover or focus. The prerendered HTML and the first client
// render hold the plain button; the tooltip code loads after hydration.
import { lazy, Suspense } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import { Button, type ButtonProps } from './button';

const Tooltip = lazy(() => import('./tooltip'));

export interface IconButtonProps extends Omit<ButtonProps, 'size' | 'aria-label'> {
  /** What the button does: its accessible name and its tooltip. */
  label: string;
}

export function IconButton({ label, variant = 'ghost', ...props }: IconButtonProps) {
  const hydrated = useHydrated();
  const button = <Button variant={variant} size="icon" aria-label={label} {...props} />;
  if (!hydrated) return button;
  return (
    <Suspense fallback={button}>
      <Tooltip content={label}>{button}</Tooltip>
    </Suspense>
  );
}
