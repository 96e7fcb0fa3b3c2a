// The "Target size (MB)" field of the converter's options and the downloader's preview: the server
// picks the bit rates so the file fits (two passes for video). Empty means no target.
import { maxTargetSizeMB } from '@grabbit/catalog';
import { Input } from './ui/input';
import { Label } from './ui/label';

interface TargetSizeFieldProps {
  /** The input's id (the help text's is derived from it). */
  id: string;
  value: string;
  onChange: (next: string) => void;
  disabled?: boolean;
}

export function TargetSizeField({ id, value, onChange, disabled }: TargetSizeFieldProps) {
  return (
    <div className="space-y-2 sm:col-span-2">
      <Label htmlFor={id}>Target size (MB)</Label>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        min={0.1}
        max={maxTargetSizeMB}
        step={0.1}
        placeholder="No limit"
        value={value}
        disabled={disabled}
        aria-describedby={`${id}-help`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-help`} className="text-xs text-slate-700">
        The file is made to fit, such as 8 or 25 for a chat app: the bit rates (and, if needed, the picture
        size) are chosen from the length. Not for WAV, FLAC, AIFF or AMR, whose size follows from the length.
      </p>
    </div>
  );
}
