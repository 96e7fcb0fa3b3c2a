// The pieces of a conversion's answer both modes share: the visitor's download name (contracts'
// rule, the same as the pages') and the form check that runs as soon as the fields are read.
import { mimeByExtension, type ConverterKind } from '@grabbit/catalog';
import { downloadName, type ConvertForm } from '@grabbit/contracts';
import type { EventBus } from '../realtime/event-bus';
import { unsupportedConversion } from './conversion-errors';
import { outputsOfKind } from './formats';
import { progressReporter, type ProgressReporter } from './progress';

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
