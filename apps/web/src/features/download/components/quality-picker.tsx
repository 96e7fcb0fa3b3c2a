// The quality picker of the preview card: the heights the site really offers with the estimated
// size in the chosen format (or the audio bit rates for an audio format).
import type { DownloadFormat } from '@grabbit/catalog';
import type { MediaInfoResponse } from '@grabbit/contracts';
import { audioFormats } from '../lib/clip-choice';
import { formatFileSize } from '../lib/queue';
import { SelectField } from '../../../components/ui/select-field';

export interface QualityPickerProps {
  id: string;
  info: MediaInfoResponse;
  format: DownloadFormat;
  value: string;
  disabled: boolean;
  onChange: (quality: string) => void;
}

const withSize = (label: string, size: number | null | undefined) => {
  const text = formatFileSize(size);
  return text ? `${label} · about ${text}` : label;
};

export function QualityPicker({ id, info, format, value, disabled, onChange }: QualityPickerProps) {
  const audio = audioFormats.has(format);
  const options = audio
    ? info.audioBitrates.map((a) => ({ value: a.quality, label: withSize(`${a.kbps} kbit/s`, a.size) }))
    : [...info.qualities]
        .reverse()
        .map((q) => ({ value: q.quality, label: withSize(q.quality, q.sizes[format] ?? q.sizes.mp4) }));
  if (options.length === 0) return null;
  return (
    <SelectField
      id={id}
      label="Quality"
      testId="quality-picker"
      value={options.some((o) => o.value === value) ? value : 'best'}
      options={[{ value: 'best', label: 'Best available' }, ...options]}
      disabled={disabled}
      onChange={onChange}
    />
  );
}
