// The output-format dropdown; the page's first output is the default (chosen by the caller).
import { SelectField } from '../../../components/ui/select-field';

interface OutputFormatSelectProps {
  formats: readonly string[];
  value: string;
  onChange: (format: string) => void;
  disabled?: boolean;
}

export function OutputFormatSelect({ formats, value, onChange, disabled }: OutputFormatSelectProps) {
  return (
    <SelectField
      id="convert-output-format"
      label="Output format"
      value={value}
      options={formats.map((format) => ({ value: format, label: format.toUpperCase() }))}
      onChange={onChange}
      disabled={disabled}
      triggerClassName="sm:w-60"
    />
  );
}
