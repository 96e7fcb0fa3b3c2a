// One audio or video conversion as the pipelines receive it: the detected upload, the target and
// the visitor's options. Its own file so the plain pipeline and the target-size one both read it
// without importing each other.
import type { ConvertOptions } from '@grabbit/contracts';
import type { DetectedMedia } from './detect';

export interface AvJob {
  input: DetectedMedia;
  inputPath: string;
  target: string;
  outputPath: string;
  onPercent: (percent: number) => void;
  options: ConvertOptions;
}
