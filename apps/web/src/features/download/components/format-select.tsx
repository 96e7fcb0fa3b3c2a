// The output format dropdown.
import { downloaderFormatOptions, type DownloadFormat } from '@grabbit/catalog';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';

export function FormatSelect({
  value,
  disabled,
  onChange,
  hint,
}: {
  value: DownloadFormat;
  disabled: boolean;
  onChange: (format: DownloadFormat) => void;
  /** What the choice does, when it is more than the one file's format. */
  hint?: string;
}) {
  return (
    <div className="space-y-1">
      <Label htmlFor="download-format">Format</Label>
      <Select value={value} disabled={disabled} onValueChange={(next) => onChange(next as DownloadFormat)}>
        <SelectTrigger
          id="download-format"
          aria-label="Format"
          aria-describedby={hint ? 'download-format-hint' : undefined}
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {downloaderFormatOptions.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {hint && (
        <p id="download-format-hint" className="text-sm text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
