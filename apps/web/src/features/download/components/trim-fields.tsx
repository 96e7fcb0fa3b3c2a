// The optional trim of the preview card: start and end in seconds, with the clip's length (or the
// problem) read out beside them.
import { Input } from '../../../components/ui/input';
import { clipSeconds, formatDuration, trimError, type ClipChoice } from '../lib/clip-choice';

export interface TrimFieldsProps {
  idPrefix: string;
  choice: Pick<ClipChoice, 'start' | 'end'>;
  duration: number | null;
  disabled: boolean;
  onChange: (patch: Partial<Pick<ClipChoice, 'start' | 'end'>>) => void;
}

export function TrimFields({ idPrefix, choice, duration, disabled, onChange }: TrimFieldsProps) {
  const error = trimError(choice, duration);
  const length = clipSeconds(choice, duration);
  const noteId = `${idPrefix}-note`;
  const field = (key: 'start' | 'end', label: string, placeholder: string) => (
    <div className="min-w-0 flex-1 space-y-1">
      <label htmlFor={`${idPrefix}-${key}`} className="text-sm font-medium text-slate-900">
        {label}
      </label>
      <Input
        id={`${idPrefix}-${key}`}
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        max={duration ?? undefined}
        placeholder={placeholder}
        value={choice[key]}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={noteId}
        data-testid={`trim-${key}`}
        onChange={(event) => onChange({ [key]: event.target.value })}
      />
    </div>
  );
  const cut = choice.start.trim() !== '' || choice.end.trim() !== '';
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-slate-900">Trim (optional, seconds)</legend>
      <div className="flex flex-col gap-2 sm:flex-row">
        {field('start', 'Start', '0')}
        {field('end', 'End', duration ? String(Math.round(duration)) : 'end')}
      </div>
      <p id={noteId} className={error ? 'text-sm text-red-700' : 'text-xs text-slate-600'} aria-live="polite">
        {error ??
          (cut && length !== null
            ? `Clip length: ${formatDuration(length)}`
            : duration
              ? `Whole video: ${formatDuration(duration)}`
              : 'Leave empty for the whole video.')}
      </p>
    </fieldset>
  );
}
