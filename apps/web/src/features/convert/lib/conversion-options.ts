// The converter page's Options panel as data: what the visitor chose, and the multipart fields it
// becomes (contracts convert-options.ts). Only fields that change something are sent, and only
// those the page's kind uses (sizes for pictures and video, cuts, bit rate and target size for
// sound). A target size sets the bit rates itself, so the chosen audio bit rate is not sent with it.
import type { ConverterKind } from '@grabbit/catalog';
import { conversionQualities, type ConversionQuality } from '@grabbit/contracts/convert-fields';

export interface ConversionOptions {
  quality: ConversionQuality;
  /** Text as typed (number fields); empty means not set. */
  maxWidth: string;
  maxHeight: string;
  startTime: string;
  endTime: string;
  /** Such as 192k; empty: the format's usual rate. */
  audioBitrate: string;
  /** Largest output in MB, as typed; empty: no target. */
  targetSizeMB: string;
  stripMetadata: boolean;
}

export const defaultConversionOptions: ConversionOptions = {
  quality: 'high',
  maxWidth: '',
  maxHeight: '',
  startTime: '',
  endTime: '',
  audioBitrate: '',
  targetSizeMB: '',
  stripMetadata: true,
};

export interface Choice {
  value: string;
  label: string;
}

const qualityLabels: Record<ConversionQuality, string> = {
  high: 'High (largest files)',
  balanced: 'Balanced',
  small: 'Small (smallest files)',
};

export const qualityChoices: Choice[] = conversionQualities.map((value) => ({
  value,
  label: qualityLabels[value],
}));

export const audioBitrateChoices: Choice[] = [
  { value: '', label: 'Automatic' },
  ...['96k', '128k', '192k', '256k', '320k'].map((value) => ({
    value,
    label: value.replace('k', ' kbit/s'),
  })),
];

/** Which option groups a page shows. */
export function optionGroups(kind: ConverterKind): { size: boolean; timing: boolean } {
  return { size: kind !== 'audio', timing: kind !== 'image' };
}

export function optionFields(options: ConversionOptions, kind: ConverterKind): Record<string, string> {
  const groups = optionGroups(kind);
  const fields: Record<string, string> = { Quality: options.quality };
  const put = (name: string, value: string) => {
    if (value.trim()) fields[name] = value.trim();
  };
  if (groups.size) {
    put('MaxWidth', options.maxWidth);
    put('MaxHeight', options.maxHeight);
  }
  if (groups.timing) {
    put('StartTime', options.startTime);
    put('EndTime', options.endTime);
    put('TargetSizeMB', options.targetSizeMB);
    if (!fields.TargetSizeMB) put('AudioBitrate', options.audioBitrate);
  }
  if (!options.stripMetadata) fields.StripMetadata = 'false';
  return fields;
}
