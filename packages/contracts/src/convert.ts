// The converter API: the upload form, the endpoints and the progress events the
// server publishes to the real-time hub while a conversion runs.
import { z } from 'zod';
import { takesTargetSize } from '@grabbit/catalog';
import { apiRoutes } from './api-paths';
import {
  convertOptionsShape,
  endsAfterStart,
  endsAfterStartIssue,
  oneBitrateChoice,
  oneBitrateChoiceIssue,
} from './convert-options';
import { conversionJobStatuses, type ConversionJob } from './convert-jobs';
import { conversionStages, type ConversionProgress } from './events';
import { uploadIdPattern } from './resumable-uploads';

/** The three upload endpoints, by converter kind. */
export const convertEndpoints = {
  image: apiRoutes.convertImage,
  audio: apiRoutes.convertAudio,
  video: apiRoutes.convertVideo,
} as const;

/** A client-made id that names the progress group `conversion:{id}`. */
export const progressIdPattern = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The multipart text fields, in any order around the file field `InputFile`; or, instead of the
 * file, `UploadId`: a finished resumable upload (tus) of the same client.
 */
export const convertFormSchema = z
  .object({
    OutputFormat: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9]{2,5}$/, 'OutputFormat must be a format name such as jpg or mp3'),
    ProgressId: z
      .string()
      .regex(progressIdPattern, 'ProgressId must be 8 to 64 letters, digits, - or _')
      .optional(),
    UploadId: z
      .string()
      .regex(uploadIdPattern, "UploadId must be the id of a finished upload (its URL's last part)")
      .optional()
      .describe('Instead of InputFile: the id of a finished resumable upload (tus) of this client'),
    ...convertOptionsShape,
  })
  .refine(endsAfterStart, endsAfterStartIssue)
  .refine(oneBitrateChoice, oneBitrateChoiceIssue)
  // Checked with the fields, before the file streams: no upload is spent on a refusal.
  .refine((form) => form.TargetSizeMB === undefined || takesTargetSize(form.OutputFormat), {
    message: 'TargetSizeMB needs an output with a bit rate; WAV, FLAC, AIFF and AMR have a fixed size',
    path: ['TargetSizeMB'],
  });

export type ConvertForm = z.infer<typeof convertFormSchema>;

export const conversionProgressSchema = z.object({
  /** 0-100 within the stage. */
  percent: z.number().min(0).max(100),
  stage: z.enum(conversionStages),
}) satisfies z.ZodType<ConversionProgress>;

/** GET /api/convert/jobs/{jobId} and the 202 answer of an upload that went on as a job. */
export const conversionJobSchema = z.object({
  jobId: z.string(),
  status: z.enum(conversionJobStatuses),
  statusUrl: z.string(),
  downloadUrl: z.string().optional(),
  fileName: z.string().optional(),
  error: z.string().optional(),
  code: z.string().optional(),
}) satisfies z.ZodType<ConversionJob>;
