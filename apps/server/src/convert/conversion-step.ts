// One conversion after its upload, as the `convert` job's handler runs it (the job runner bounds how
// many run at once): find what the file really is, check the page's size limit and output list,
// and run the engines for the pair. Returns the result's path.
import path from 'node:path';
import type { ConverterKind } from '@grabbit/catalog';
import type { ConvertOptions } from '@grabbit/contracts';
import type { Config } from '../config/env';
import { convertAudioVideo } from './av-pipeline';
import { fileTooLarge } from '../uploads/upload-size';
import { unsupportedConversion } from './conversion-errors';
import { detectInput } from './detect';
import type { EngineContext } from '../engines/engine-run';
import { allowedOutputs, canonicalFormat, limitForInput } from './formats';
import { convertImage } from './image-pipeline';
import { defaultConvertOptions, imageSettings } from '../encode/convert-options';
import type { ProgressReporter } from './progress';

export interface ConversionRequest {
  kind: ConverterKind;
  workDir: string;
  inputPath: string;
  bytes: number;
  /** The upload's first bytes, kept while it streamed to disk. */
  head: Buffer;
  /** Lowercase output extension as asked (jpg, mp3...). */
  outputExtension: string;
  report: ProgressReporter;
  signal: AbortSignal;
  /** The visitor's optional settings; without them, the plain conversion. */
  options?: ConvertOptions;
}

export class ConversionStep {
  constructor(private readonly config: Config) {}

  async convert(request: ConversionRequest): Promise<string> {
    const { config } = this;
    // The time budget starts when the job runs, not while it waits in the queue.
    const context: EngineContext = {
      workDir: request.workDir,
      deadline: Date.now() + config.CONVERT_TIMEOUT_SECONDS * 1000,
      signal: request.signal,
    };
    request.report('converting', 0);
    const options = request.options ?? defaultConvertOptions;
    const upload = { path: request.inputPath, head: request.head };
    const input = await detectInput(config, request.kind, upload, context);
    const limit = limitForInput(request.kind, input.format);
    if (request.bytes > limit.bytes) throw fileTooLarge(limit.text);
    if (!allowedOutputs(request.kind, input.format).includes(request.outputExtension)) {
      throw unsupportedConversion(input.format, request.outputExtension);
    }
    const target = canonicalFormat(request.outputExtension);
    const outputPath = path.join(request.workDir, `output.${request.outputExtension}`);
    if (input.kind === 'image') {
      const settings = imageSettings(options);
      await convertImage(
        config,
        { input, inputPath: request.inputPath, target, outputPath, settings },
        context,
      );
    } else {
      const onPercent = (percent: number) => request.report('converting', percent);
      await convertAudioVideo(
        config,
        { input, inputPath: request.inputPath, target, outputPath, onPercent, options },
        context,
      );
    }
    request.report('finishing', 100);
    return outputPath;
  }
}
