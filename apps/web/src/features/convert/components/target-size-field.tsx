// The Options panel's "Target size (MB)" field for sound and video: the server picks the bit rates
// so the file fits (two passes for video). Empty means no target.
import { maxTargetSizeMB } from '@grabbit/catalog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

interface TargetSizeFieldProps {
  value: string;
  onChange: (next: string) => void;
  disabled?: boolean;
}

export function TargetSizeField({ value, onChange, disabled }: TargetSizeFieldProps) {
  return (
    <div className="space-y-2 sm:col-span-2">
      <Label htmlFor="convert-targetSizeMB">Target size (MB)</Label>
      <Input
        id="convert-targetSizeMB"
        type="number"
        inputMode="decimal"
        min={0.1}
        max={maxTargetSizeMB}
        step={0.1}
        placeholder="No limit"
        value={value}
        disabled={disabled}
        aria-describedby="convert-targetSizeMB-help"
        onChange={(event) => onChange(event.target.value)}
      />
      <p id="convert-targetSizeMB-help" className="text-xs text-slate-700">
        The file is made to fit, such as 8 or 25 for a chat app: the bit rates (and, if needed, the picture
        size) are chosen from the length. Not for WAV, FLAC, AIFF or AMR, whose size follows from the length.
      </p>
    </div>
  );
}
