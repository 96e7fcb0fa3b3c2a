// The pieces of a conversion's answer both modes share: the visitor's download name, the form check
// that runs as soon as the fields are read, and the converted file streamed back with its headers.
import path from 'node:path';
import type { Readable } from 'node:stream';
import { mimeByExtension, type ConverterKind } from '@grabbit/catalog';
import type { ConvertForm } from '@grabbit/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import type { EventBus } from '../realtime/event-bus';
import { unsupportedConversion } from './conversion-errors';
import { outputsOfKind } from './formats';
import { progressReporter, type ProgressReporter } from './progress';

/** The visitor's base name plus the output extension; control characters and empty names fixed. */
export function downloadName(originalName: string, extension: string): string {
  const base = path
    .parse(path.basename(originalName || ''))
    .name.replace(/[\p{Cc}/\\]/gu, '')
    .trim();
  return `${base || 'converted'}.${extension}`;
}

/** The answer's name and type for an upload and its output extension. */
export function resultInfo(originalName: string, extension: string) {
  return {
    fileName: downloadName(originalName, extension),
    contentType: mimeByExtension[extension] ?? 'application/octet-stream',
  };
}

/**
 * The form's check as soon as its fields are read (before the file streams when they come
 * first): an output no page of the kind offers is refused, and upload progress starts.
 */
export function formCheck(kind: ConverterKind, bus: EventBus) {
  let report: ProgressReporter = () => undefined;
  return {
    report: (...args: Parameters<ProgressReporter>) => report(...args),
    onForm: (form: ConvertForm) => {
      if (!outputsOfKind(kind).has(form.OutputFormat)) throw unsupportedConversion(kind, form.OutputFormat);
      report = progressReporter(bus, form.ProgressId);
      report('uploading', 0);
    },
  };
}

/** The converted file as the synchronous answer: 200, its type, size and the visitor's name. */
export function sendConvertedFile(
  reply: FastifyReply,
  file: { body: Readable; size: number; fileName: string; contentType: string },
): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('cache-control', 'no-store')
    .send(file.body);
}
