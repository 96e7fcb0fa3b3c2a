// A native select with its label, for the preview's pickers: the keyboard and the phone's own
// picker work without extra code.
import type { ReactNode } from 'react';

export interface LabelledSelectProps {
  id: string;
  label: string;
  value: string;
  disabled: boolean;
  testId: string;
  onChange: (value: string) => void;
  children: ReactNode;
}

export function LabelledSelect({
  id,
  label,
  value,
  disabled,
  testId,
  onChange,
  children,
}: LabelledSelectProps) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {label}
      </label>
      <select
        id={id}
        data-testid={testId}
        className="block h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 md:text-sm"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
    </div>
  );
}
