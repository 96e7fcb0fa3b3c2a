// Reads the multipart form into a value for the converter: the fields and `InputFile` in any
// order, the file streamed to where its job reads it (the opened conversion's input); or the
// fields alone with `UploadId`, a finished resumable upload for the converter to take. The size
// limit is enforced while the bytes arrive: the stream stops at the limit, and the caller discards
// the opened conversion with the partial file. The first bytes are kept on the way.
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { convertFormSchema, uploadIdField, type ConvertForm } from '@grabbit/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../core/app-error';
import type { Intake } from '../convert/converter-service';
import { headBytes, type ReceivedUpload, type UploadTarget } from '../convert/upload-target';
import { fileTooLarge, uploadBuffer, type SizeLimit } from '../uploads/upload-size';
import { uploadStalled, watchUploadStall } from '../security/upload-stall';

const malformed = () =>
  new AppError('MALFORMED_UPLOAD', 'The upload is not a form this page reads: one file and a few fields.');

/** A multipart boundary is 1 to 70 characters (RFC 2046); longer or missing is no form we read. */
function hasValidBoundary(contentType: string | undefined): boolean {
  const match = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2] ?? '';
  return boundary.length >= 1 && boundary.length <= 70;
}

/** The parser's refusals of the form itself (too many parts, fields or files; broken framing). */
const formLimitCodes = new Set([
  'FST_PARTS_LIMIT',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PROTO_VIOLATION',
]);
function isMalformedForm(error: unknown): boolean {
  if (error instanceof AppError || !(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === 'string' && formLimitCodes.has(code)) return true;
  // A body that ends before its closing boundary (mid-part) is as broken as a bad header.
  return /^(Multipart: Boundary not found|Malformed part header|Malformed urlencoded form|Unexpected end of (form|multipart data))/.test(
    error.message,
  );
}

const bothInputs = () =>
  new AppError('VALIDATION_FAILED', `Send either InputFile or ${uploadIdField}, not both.`);

function parseForm(fields: Record<string, string>): ConvertForm {
  const parsed = convertFormSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const missing = issue?.path[0] === 'OutputFormat' && issue.code === 'invalid_type';
    throw new AppError(
      'VALIDATION_FAILED',
      missing ? 'OutputFormat is required.' : (issue?.message ?? 'Invalid form'),
    );
  }
  return parsed.data;
}

/** Reads the file part to disk, keeping its first bytes; stops at the limit. */
async function saveFilePart(
  part: MultipartFile,
  openTarget: () => UploadTarget,
  limit: SizeLimit,
  onBytes: (bytes: number) => void,
): Promise<{ bytes: number; head: Buffer }> {
  let bytes = 0;
  const headChunks: Buffer[] = [];
  part.file.on('data', (chunk: Buffer) => {
    if (bytes < headBytes) headChunks.push(chunk.subarray(0, headBytes - bytes));
    bytes += chunk.length;
    onBytes(bytes);
  });
  // Stop reading at the limit rather than draining the rest of an oversized upload to nowhere.
  part.file.once('limit', () => part.file.destroy(fileTooLarge(limit.text)));
  const target = openTarget();
  // A store that fails (the bucket) ends the upload at once instead of leaving it paused.
  target.stored.catch((error: unknown) => target.stream.destroy(error as Error));
  try {
    await Promise.all([pipeline(part.file, target.stream), target.stored]);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (part.file.truncated) throw fileTooLarge(limit.text);
    if (isMalformedForm(error)) throw malformed();
    throw new AppError('UPLOAD_INCOMPLETE', 'The upload did not complete. Please try again.');
  }
  if (part.file.truncated) throw fileTooLarge(limit.text);
  // Buffer.concat copies, so the parser's larger buffers are not kept alive by the slices.
  return { bytes, head: Buffer.concat(headChunks) };
}

/**
 * Fields and file in any order. When the fields come first (the page's order) they are checked
 * before a byte of the file is stored, and progress is reported while it streams; when the file
 * comes first it is spooled to disk under the same limit and the fields are read after it.
 */
export async function receiveUpload(
  request: FastifyRequest,
  intake: Intake,
  stallMs: number,
): Promise<ReceivedUpload> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_CONTENT_TYPE', 'Send the file as multipart/form-data.');
  if (!hasValidBoundary(request.headers['content-type'])) throw malformed();
  const watch = watchUploadStall(request.raw.socket, stallMs, () => request.raw.destroy());
  try {
    return await Promise.race([receiveParts(request, intake), watch.stalled]);
  } catch (error) {
    if (watch.hasStalled()) throw uploadStalled();
    if (isMalformedForm(error)) throw malformed();
    throw error;
  } finally {
    watch.stop();
  }
}

async function receiveParts(request: FastifyRequest, intake: Intake): Promise<ReceivedUpload> {
  const limit = intake.limit;
  const parts = request.parts({
    limits: { fileSize: limit.bytes, files: 1, fields: 20, fieldSize: 1024, parts: 22, headerPairs: 20 },
    highWaterMark: uploadBuffer,
    fileHwm: uploadBuffer,
  });
  const fields: Record<string, string> = {};
  let form: ConvertForm | undefined;
  let file: { originalName: string; bytes: number; head: Buffer } | undefined;
  const total = Number(request.headers['content-length']) || 0;
  for await (const part of parts) {
    if (part.type === 'field') {
      if (typeof part.value === 'string' && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== 'InputFile' || file) {
      part.file.resume();
      continue;
    }
    if (fields[uploadIdField] !== undefined) throw bothInputs();
    if (fields.OutputFormat !== undefined) {
      form = parseForm(fields);
      intake.checkForm(form);
    }
    const saved = await saveFilePart(part, intake.input.target, limit, (bytes) => {
      if (total > 0) intake.report((bytes / total) * 100);
    });
    file = { originalName: part.filename, ...saved };
  }
  if (!form) {
    if (!file && fields[uploadIdField] === undefined)
      throw new AppError('FILE_MISSING', 'No file was uploaded (form field InputFile).');
    form = parseForm(fields);
    intake.checkForm(form);
  }
  if (file && form.UploadId !== undefined) throw bothInputs();
  if (!file) {
    if (form.UploadId === undefined)
      throw new AppError('FILE_MISSING', 'No file was uploaded (form field InputFile).');
    intake.report(100);
    return { form, uploadId: form.UploadId };
  }
  if (file.bytes === 0) throw new AppError('FILE_MISSING', 'The uploaded file is empty.');
  intake.report(100);
  return { form, file };
}
