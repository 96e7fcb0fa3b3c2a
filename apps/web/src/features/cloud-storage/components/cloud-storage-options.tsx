// "Keep in cloud storage" on the downloader card: once ticked, the file's name, a public link
// (else a private link that expires) and how long the file is kept.
import { cn } from '../../../lib/cn';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { SelectField } from '../../../components/ui/select-field';
import { retentionChoices, type CloudChoice } from '../lib/cloud-choice';

export interface CloudStorageOptionsProps {
  value: CloudChoice;
  disabled: boolean;
  onChange: (choice: CloudChoice) => void;
}

export function CloudStorageOptions({ value, disabled, onChange }: CloudStorageOptionsProps) {
  const set = (patch: Partial<CloudChoice>) => onChange({ ...value, ...patch });
  const toggle = (field: 'keep' | 'makePublic') => ({
    checked: value[field],
    disabled,
    onChange: (checked: boolean) => set({ [field]: checked }),
  });
  return (
    <fieldset
      className="space-y-3 rounded-md border border-slate-200 p-3"
      data-testid="cloud-storage-options"
    >
      <CheckboxField label="Keep in cloud storage" className="font-medium" {...toggle('keep')} />
      {value.keep && (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-1">
            <Label htmlFor="cloud-custom-name">File name (optional)</Label>
            <Input
              id="cloud-custom-name"
              value={value.customKey}
              maxLength={200}
              disabled={disabled}
              placeholder="my-video"
              onChange={(event) => set({ customKey: event.target.value })}
            />
          </div>
          <SelectField
            id="cloud-retention"
            label="Keep for"
            className="space-y-1"
            value={String(value.retentionHours)}
            options={retentionChoices.map((choice) => ({ value: String(choice.hours), label: choice.label }))}
            disabled={disabled}
            onChange={(hours) => set({ retentionHours: Number(hours) })}
          />
          <CheckboxField
            label="Public link (anyone with it can open the file until it is deleted; otherwise a private link that expires)"
            className="sm:col-span-2"
            {...toggle('makePublic')}
          />
        </div>
      )}
    </fieldset>
  );
}

interface CheckboxFieldProps {
  label: string;
  className?: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}

function CheckboxField({ label, className, checked, disabled, onChange }: CheckboxFieldProps) {
  return (
    <label className={cn('flex items-center gap-2 text-sm text-slate-900', className)}>
      <input
        type="checkbox"
        className="size-4"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}
