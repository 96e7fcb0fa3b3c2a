// The output-format dropdown; the page's first output is the default (chosen by the caller).
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';

interface OutputFormatSelectProps {
  formats: readonly string[];
  value: string;
  onChange: (format: string) => void;
  disabled?: boolean;
}

export function OutputFormatSelect({ formats, value, onChange, disabled }: OutputFormatSelectProps) {
  return (
    <div className="space-y-2">
      <Label htmlFor="convert-output-format">Output format</Label>
      <Select value={value} onValueChange={onChange} disabled={disabled}>
        <SelectTrigger id="convert-output-format" className="sm:w-60">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {formats.map((format) => (
            <SelectItem key={format} value={format}>
              {format.toUpperCase()}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
