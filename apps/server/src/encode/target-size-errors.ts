// A target size that cannot be met: the planner's refusal (TargetSizeError, thrown before any
// encode or after a pass that missed), and what the visitor reads of it: a stable code and the
// smallest size that works, in the MB the option is written in (rounded up, so asking that size
// succeeds). A code and a message, not an error object: the converter and the downloader each
// raise it their own way.
import { targetSizeMegabyte } from '@grabbit/catalog';
import type { ErrorCode } from '@grabbit/contracts';

export type TargetSizeProblem = 'too-small' | 'no-duration' | 'no-bit-rate';

export class TargetSizeError extends Error {
  constructor(
    readonly problem: TargetSizeProblem,
    readonly targetBytes: number,
    /** For `too-small`: the smallest target that works for this length. */
    readonly smallestBytes?: number,
    readonly durationSeconds?: number,
  ) {
    super(`target size: ${problem}`);
    this.name = 'TargetSizeError';
  }
}

export interface TargetSizeFailure {
  code: ErrorCode;
  message: string;
}

/** Megabytes to one decimal, rounded up. */
function megabytesUp(bytes: number): string {
  return (Math.ceil((bytes / targetSizeMegabyte) * 10) / 10).toFixed(1);
}

/** A size as the visitor wrote it: up to two decimals. */
function megabytes(bytes: number): string {
  return String(Number((bytes / targetSizeMegabyte).toFixed(2)));
}

function clock(seconds: number): string {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}

export function targetSizeFailure(error: TargetSizeError): TargetSizeFailure {
  if (error.problem === 'no-duration') {
    return {
      code: 'VALIDATION_FAILED',
      message: 'This file does not say how long it is, so it cannot be fitted to a target size.',
    };
  }
  if (error.problem === 'no-bit-rate') {
    return {
      code: 'VALIDATION_FAILED',
      message: 'This output format has no bit rate to choose, so it cannot take a target size.',
    };
  }
  const length = error.durationSeconds === undefined ? '' : ` for ${clock(error.durationSeconds)} of media`;
  return {
    code: 'TARGET_SIZE_TOO_SMALL',
    message:
      `A target of ${megabytes(error.targetBytes)} MB is too small${length}: the smallest size possible ` +
      `is ${megabytesUp(error.smallestBytes ?? error.targetBytes)} MB.`,
  };
}
