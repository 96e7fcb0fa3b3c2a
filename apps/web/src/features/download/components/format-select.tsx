// The output format dropdown.
import { downloaderFormatOptions, type DownloadFormat } from '@grabbit/catalog';
import { SelectField } from '../../../components/ui/select-field';

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
    <SelectField
      id="download-format"
      label="Format"
      value={value}
      options={downloaderFormatOptions}
      disabled={disabled}
      onChange={(next) => onChange(next as DownloadFormat)}
      hint={hint}
    />
  );
}
