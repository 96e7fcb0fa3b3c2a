// Optional conversion settings, sent as multipart text fields beside OutputFormat. Every default keeps the plain conversion as it always was: best quality,
// original size, the whole clip, the format's usual audio bit rate, metadata removed for privacy.
import { z } from 'zod';
import { maxTargetSizeMB } from '@grabbit/catalog';
import { conversionQualities, maxDimension } from './convert-fields';

const dimension = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a whole number of pixels` })
    .int(`${name} must be a whole number of pixels`)
    .min(1, `${name} must be at least 1`)
    .max(maxDimension, `${name} must be at most ${maxDimension}`)
    .optional();

const seconds = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a number of seconds` })
    .finite(`${name} must be a number of seconds`)
    .min(0, `${name} must be 0 or more seconds`)
    .max(86_400, `${name} must be at most 86400 seconds`)
    .optional();

export const convertOptionsShape = {
  Quality: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(conversionQualities, { message: 'Quality must be high, balanced or small' }))
    .default('high'),
  MaxWidth: dimension('MaxWidth'),
  MaxHeight: dimension('MaxHeight'),
  StartTime: seconds('StartTime'),
  EndTime: seconds('EndTime'),
  /** Such as 192k: 32k to 320k. */
  AudioBitrate: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^\d{2,3}k$/, 'AudioBitrate must look like 192k')
    .refine((text) => {
      const kbps = Number.parseInt(text, 10);
      return kbps >= 32 && kbps <= 320;
    }, 'AudioBitrate must be between 32k and 320k')
    .optional(),
  /**
   * The largest the output may be, in MB of 1024 x 1024 bytes (audio and video outputs with a bit
   * rate): the bit rates are chosen from the length to land between 90% and 100% of it.
   */
  TargetSizeMB: z.coerce
    .number({ message: 'TargetSizeMB must be a number of megabytes' })
    .finite('TargetSizeMB must be a number of megabytes')
    .positive('TargetSizeMB must be more than 0')
    .max(maxTargetSizeMB, `TargetSizeMB must be at most ${maxTargetSizeMB}`)
    .optional()
    .meta({
      description:
        'Audio and video outputs with a bit rate (not WAV, FLAC, AIFF, AMR): the largest the file may be, ' +
        'in MB of 1,048,576 bytes. The bit rates are computed from the length (two passes for video); ' +
        'the file lands between 90% and 100% of it, or below when it needs less. A target too small ' +
        'for the length answers 400 TARGET_SIZE_TOO_SMALL with the smallest size possible.',
    }),
  StripMetadata: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['true', 'false'], { message: 'StripMetadata must be true or false' }))
    .default('true')
    .transform((text) => text === 'true'),
};

/** A cut must end after it starts. */
export function endsAfterStart(o: { StartTime?: number; EndTime?: number }): boolean {
  return o.StartTime === undefined || o.EndTime === undefined || o.EndTime > o.StartTime;
}

export const endsAfterStartIssue = { message: 'EndTime must be after StartTime', path: ['EndTime'] };

/** A target size chooses the audio bit rate itself: asking both is a contradiction. */
export function oneBitrateChoice(o: { AudioBitrate?: string; TargetSizeMB?: number }): boolean {
  return o.AudioBitrate === undefined || o.TargetSizeMB === undefined;
}

export const oneBitrateChoiceIssue = {
  message: 'Choose AudioBitrate or TargetSizeMB, not both: a target size sets the bit rates itself',
  path: ['TargetSizeMB'],
};

export const convertOptionsSchema = z
  .object(convertOptionsShape)
  .refine(endsAfterStart, endsAfterStartIssue)
  .refine(oneBitrateChoice, oneBitrateChoiceIssue);

export type ConvertOptions = z.infer<typeof convertOptionsSchema>;

/** The option fields' names, in the order the page sends them. */
export const convertOptionFields = Object.keys(convertOptionsShape) as (keyof typeof convertOptionsShape)[];
