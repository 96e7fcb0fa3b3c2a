// A button behind the click-gate: outlined and yellow with a progress strip and 'Download / Convert
// ({n} clicks to start)' (click-gate.ts gateLabel) until the gate is complete, then the original
// label in the normal style.
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useClickGate } from '../hooks/use-click-gate';
import { gateLabel, isConversionMode, type GatedButton, type PlatformType } from '../lib/click-gate';

export interface MonetizedButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  platformType: PlatformType;
  /** Which button this is: its label, and queue items' shorter gate (2 clicks instead of 3). */
  gatedButton: GatedButton;
  onAction: () => void;
  /** Checked before a click counts; returning false leaves the gate untouched (e.g. no link yet). */
  guard?: () => boolean;
  /**
   * The gate was already passed for what this button does (a file saved once): it acts at the first
   * click. The same button stays in place, so keyboard focus stays on it when its gate is passed.
   */
  passed?: boolean;
  /** What the button does, said before its gate is passed instead of the gated button's usual word. */
  gatedAction?: string;
  children: ReactNode;
}

export function MonetizedButton({
  platformType,
  gatedButton,
  onAction,
  guard,
  passed = false,
  gatedAction,
  children,
  className,
  variant,
  ...props
}: MonetizedButtonProps) {
  const gate = useClickGate({ platformType, conversionMode: isConversionMode(gatedButton) });
  const gated = !passed && gate.left > 0;
  return (
    <Button
      {...props}
      variant={gated ? 'warning' : variant}
      className={cn('relative overflow-hidden', className)}
      data-gate-left={passed ? undefined : gate.left}
      onClick={() => {
        if (guard && !guard()) return;
        if (passed) onAction();
        else gate.click(onAction);
      }}
    >
      {gated ? gateLabel(gatedButton, gate.left, gatedAction) : children}
      {gated && (
        <span
          aria-hidden
          className="absolute bottom-0 left-0 h-1 bg-yellow-500 transition-all"
          style={{ width: `${gate.progress * 100}%` }}
          data-gate-strip
        />
      )}
    </Button>
  );
}
