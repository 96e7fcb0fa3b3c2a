// The collapsed "Options" panel (details/summary: works before hydration, no script needed to
// open it). Every field is optional; the defaults give the plain conversion, metadata removed.
import type { ConverterKind } from '@grabbit/catalog';
import { maxDimension } from '@grabbit/contracts/convert-fields';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { SelectField } from '../../../components/ui/select-field';
import {
  audioBitrateChoices,
  optionGroups,
  qualityChoices,
  type Choice,
  type ConversionOptions,
} from '../lib/conversion-options';
import { TargetSizeField } from '../../../components/target-size-field';

interface ConversionOptionsPanelProps {
  kind: ConverterKind;
  value: ConversionOptions;
  onChange: (next: ConversionOptions) => void;
  disabled?: boolean;
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

export function ConversionOptionsPanel({ kind, value, onChange, disabled }: ConversionOptionsPanelProps) {
  const groups = optionGroups(kind);
  const set = <K extends keyof ConversionOptions>(key: K, next: ConversionOptions[K]) =>
    onChange({ ...value, [key]: next });
  // A target size chooses the audio bit rate itself.
  const sized = value.targetSizeMB.trim() !== '';
  const select = (key: 'quality' | 'audioBitrate', label: string, choices: Choice[]) => (
    <SelectField
      id={`convert-${key}`}
      label={label}
      value={value[key]}
      options={choices}
      disabled={disabled || (key === 'audioBitrate' && sized)}
      onChange={(next) => set(key, next)}
    />
  );
  const number = (key: 'maxWidth' | 'maxHeight' | 'startTime' | 'endTime', label: string, max: number) => (
    <Field id={`convert-${key}`} label={label}>
      <Input
        id={`convert-${key}`}
        type="number"
        inputMode="decimal"
        min={key.startsWith('max') ? 1 : 0}
        max={max}
        step={key.startsWith('max') ? 1 : 0.1}
        placeholder={key.startsWith('max') ? 'Original' : key === 'startTime' ? 'Start' : 'End'}
        value={value[key]}
        disabled={disabled}
        onChange={(event) => set(key, event.target.value)}
      />
    </Field>
  );
  return (
    <details className="group rounded-md border border-slate-200" data-testid="conversion-options">
      <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 text-sm font-medium text-slate-900">
        Options
        <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden />
      </summary>
      <div className="space-y-4 border-t border-slate-200 p-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {select('quality', 'Quality', qualityChoices)}
          {groups.timing && select('audioBitrate', 'Audio bit rate', audioBitrateChoices)}
          {groups.size && number('maxWidth', 'Maximum width (pixels)', maxDimension)}
          {groups.size && number('maxHeight', 'Maximum height (pixels)', maxDimension)}
          {groups.timing && number('startTime', 'Start at (seconds)', 86_400)}
          {groups.timing && number('endTime', 'End at (seconds)', 86_400)}
          {groups.timing && (
            <TargetSizeField
              id="convert-targetSizeMB"
              value={value.targetSizeMB}
              disabled={disabled}
              onChange={(next) => set('targetSizeMB', next)}
            />
          )}
        </div>
        <div className="space-y-1">
          <label className="flex items-center gap-2 text-sm text-slate-900">
            <input
              type="checkbox"
              className="size-4"
              checked={value.stripMetadata}
              disabled={disabled}
              onChange={(event) => set('stripMetadata', event.target.checked)}
            />
            Remove metadata (location, camera and other details)
          </label>
          <p className="text-xs text-slate-700">
            Metadata is removed by default for privacy. Untick to keep EXIF, XMP and the colour profile where
            the output format can hold them.
          </p>
        </div>
      </div>
    </details>
  );
}
