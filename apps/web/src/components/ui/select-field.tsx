// A labelled dropdown on Radix Select (select.tsx), the one dropdown of the tool pages: the label
// names it (aria-labelledby), the keyboard opens and picks (Enter or Space, arrows, typing a
// letter), and an optional hint below describes it.
import { useState } from 'react';
import { Label } from './label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

export interface SelectOption {
  /** May be empty, for a choice such as "None" or "Automatic". */
  value: string;
  label: string;
}

// Radix keeps the empty value for "nothing chosen" and refuses it as an item's: an empty value
// travels under this stand-in inside the dropdown only.
const emptyValue = '(empty)';
const toItem = (value: string) => (value === '' ? emptyValue : value);
const fromItem = (value: string) => (value === emptyValue ? '' : value);

export interface SelectFieldProps {
  /** The trigger's id; the label's and the hint's are derived from it. */
  id: string;
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  disabled?: boolean;
  /** What the choice does, shown under the dropdown and read with it. */
  hint?: string;
  testId?: string;
  className?: string;
  triggerClassName?: string;
}

export function SelectField({
  id,
  label,
  value,
  options,
  onChange,
  disabled,
  hint,
  testId,
  className,
  triggerClassName,
}: SelectFieldProps) {
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  // The list of choices is made only once the dropdown is reached (focus, a press, or a screen
  // reader's click). Radix renders a closed dropdown's items off screen (for typing a letter on the
  // closed button), and starts doing so right after the page turns live, in a step the browser
  // cannot break up: on a phone that was the longest task of a tool page's start. The button shows
  // the chosen label on its own.
  const [reached, setReached] = useState(false);
  const reach = () => setReached(true);
  return (
    <div className={className ?? 'space-y-2'}>
      <Label id={labelId} htmlFor={id}>
        {label}
      </Label>
      <Select value={toItem(value)} onValueChange={(next) => onChange(fromItem(next))} disabled={disabled}>
        <SelectTrigger
          id={id}
          aria-labelledby={labelId}
          aria-describedby={hint ? hintId : undefined}
          data-testid={testId}
          className={triggerClassName}
          onFocus={reach}
          onPointerDown={reach}
          onClick={reach}
        >
          {/* The label given here is in the prerendered HTML too, before the dropdown's script runs. */}
          <SelectValue>{options.find((option) => option.value === value)?.label}</SelectValue>
        </SelectTrigger>
        {reached && (
          <SelectContent>
            {options.map((option) => (
              <SelectItem key={option.value} value={toItem(option.value)}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        )}
      </Select>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
