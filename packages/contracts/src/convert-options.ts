// Optional conversion settings, sent as multipart text fields beside OutputFormat. Every default keeps the plain conversion as it always was: best quality,
// original size, the whole clip, the format's usual audio bit rate, metadata removed for privacy.
import { z } from 'zod';
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

export const convertOptionsSchema = z.object(convertOptionsShape).refine(endsAfterStart, endsAfterStartIssue);

export type ConvertOptions = z.infer<typeof convertOptionsSchema>;

/** The option fields' names, in the order the page sends them. */
export const convertOptionFields = Object.keys(convertOptionsShape) as (keyof typeof convertOptionsShape)[];
