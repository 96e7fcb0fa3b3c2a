// Receives the multipart form: the text fields first, then `InputFile` streamed straight to disk.
// The size limit is enforced while the bytes arrive: the stream stops at the limit, and the caller
// removes the partial file with the rest of the workspace. The first bytes are kept on the way, so
// the file's type is read without opening the file again.
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { MultipartFields } from '@fastify/multipart';
import type { ConverterKind } from '@grabbit/catalog';
import { convertFormSchema, type ConvertForm } from '@grabbit/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';
import { uploadStalled, watchUploadStall } from '../security/upload-stall';
import { fileTooLarge } from './conversion-errors';
import { largestLimitOfKind } from './formats';

export interface ReceivedUpload {
  form: ConvertForm;
  /** The visitor's file name, only ever used for the answer's download name. */
  originalName: string;
  bytes: number;
  /** The file's first bytes (up to `headBytes`), for content sniffing. */
  head: Buffer;
}

/** Enough for every signature file-type checks, bar a few it finds by reading the whole file. */
export const headBytes = 64 * 1024;

/**
 * Buffering between the socket, the multipart parser and the disk. With the 16 KB defaults the
 * parser pauses the socket at every chunk and a 1 MB upload costs ~20 disk writes; 1 MB batches
 * them. Bounded per upload, so memory stays flat however large the file is.
 */
const uploadBuffer = 1024 * 1024;

export interface UploadOptions {
  kind: ConverterKind;
  inputPath: string;
  /** Called with the form as soon as the text fields are read, before the file streams. */
  onForm: (form: ConvertForm) => void;
  onPercent: (percent: number) => void;
  /** An upload moving less than a minimum in this long is cut (UPLOAD_STALLED). */
  stallMs: number;
}

function fieldText(fields: MultipartFields, name: string): string | undefined {
  const field = fields[name];
  const single = Array.isArray(field) ? field[0] : field;
  return single && single.type === 'field' && typeof single.value === 'string' ? single.value : undefined;
}

function parseForm(fields: MultipartFields): ConvertForm {
  const parsed = convertFormSchema.safeParse({
    OutputFormat: fieldText(fields, 'OutputFormat'),
    Quality: fieldText(fields, 'Quality'),
    ProgressId: fieldText(fields, 'ProgressId'),
  });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Invalid form';
    const missing = parsed.error.issues.some(
      (issue) => issue.path[0] === 'OutputFormat' && issue.code === 'invalid_type',
    );
    throw new AppError(
      'VALIDATION_FAILED',
      missing ? 'OutputFormat is required and must come before InputFile.' : message,
      400,
    );
  }
  return parsed.data;
}

export async function receiveUpload(
  request: FastifyRequest,
  options: UploadOptions,
): Promise<ReceivedUpload> {
  if (!request.isMultipart())
    throw new AppError('VALIDATION_FAILED', 'Send the file as multipart/form-data.', 415);
  const watch = watchUploadStall(request.raw.socket, options.stallMs, () => request.raw.destroy());
  try {
    return await Promise.race([receiveParts(request, options), watch.stalled]);
  } catch (error) {
    if (watch.hasStalled()) throw uploadStalled();
    throw error;
  } finally {
    watch.stop();
  }
}

async function receiveParts(request: FastifyRequest, options: UploadOptions): Promise<ReceivedUpload> {
  const limit = largestLimitOfKind(options.kind);
  const part = await request.file({
    limits: { fileSize: limit.bytes, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 20 },
    highWaterMark: uploadBuffer,
    fileHwm: uploadBuffer,
  });
  if (!part || part.fieldname !== 'InputFile') {
    part?.file.resume();
    throw new AppError('FILE_MISSING', 'No file was uploaded (form field InputFile).', 400);
  }
  const form = parseForm(part.fields);
  options.onForm(form);
  const total = Number(request.headers['content-length']) || 0;
  let bytes = 0;
  const headChunks: Buffer[] = [];
  part.file.on('data', (chunk: Buffer) => {
    if (bytes < headBytes) headChunks.push(chunk.subarray(0, headBytes - bytes));
    bytes += chunk.length;
    if (total > 0) options.onPercent((bytes / total) * 100);
  });
  // Stop reading at the limit rather than draining the rest of an oversized upload to nowhere.
  part.file.once('limit', () => part.file.destroy(fileTooLarge(limit.text)));
  try {
    await pipeline(
      part.file,
      createWriteStream(options.inputPath, { flags: 'wx', highWaterMark: uploadBuffer }),
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (part.file.truncated) throw fileTooLarge(limit.text);
    throw new AppError('UPLOAD_INCOMPLETE', 'The upload did not complete. Please try again.', 400);
  }
  if (part.file.truncated) throw fileTooLarge(limit.text);
  if (bytes === 0) throw new AppError('FILE_MISSING', 'The uploaded file is empty.', 400);
  options.onPercent(100);
  // Buffer.concat copies, so the parser's larger buffers are not kept alive by the slices.
  return { form, originalName: part.filename, bytes, head: Buffer.concat(headChunks) };
}
