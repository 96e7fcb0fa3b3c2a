// "Keep in cloud storage" on the downloader card: once ticked, the file's name, a public link
// (else a private link that expires) and how long the file is kept.
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { retentionChoices, type CloudChoice } from '../lib/cloud-choice';

export interface CloudStorageOptionsProps {
  value: CloudChoice;
  disabled: boolean;
  onChange: (choice: CloudChoice) => void;
}

export function CloudStorageOptions({ value, disabled, onChange }: CloudStorageOptionsProps) {
  const set = (patch: Partial<CloudChoice>) => onChange({ ...value, ...patch });
  return (
    <fieldset
      className="space-y-3 rounded-md border border-slate-200 p-3"
      data-testid="cloud-storage-options"
    >
      <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
        <input
          type="checkbox"
          className="size-4"
          checked={value.keep}
          disabled={disabled}
          onChange={(event) => set({ keep: event.target.checked })}
        />
        Keep in cloud storage
      </label>
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
          <div className="space-y-1">
            <Label htmlFor="cloud-retention">Keep for</Label>
            <Select
              value={String(value.retentionHours)}
              disabled={disabled}
              onValueChange={(hours) => set({ retentionHours: Number(hours) })}
            >
              <SelectTrigger id="cloud-retention" aria-label="Keep for">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {retentionChoices.map((choice) => (
                  <SelectItem key={choice.hours} value={String(choice.hours)}>
                    {choice.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <label className="flex items-center gap-2 text-sm text-slate-900 sm:col-span-2">
            <input
              type="checkbox"
              className="size-4"
              checked={value.makePublic}
              disabled={disabled}
              onChange={(event) => set({ makePublic: event.target.checked })}
            />
            Public link (anyone with the link can open it until it expires; otherwise the link works for one
            hour)
          </label>
        </div>
      )}
    </fieldset>
  );
}
