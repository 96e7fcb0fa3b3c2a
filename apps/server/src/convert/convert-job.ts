// The `convert` job's one handler, in both modes (embedded: this process's runner; scaled: a
// worker). It claims the uploaded input (its own copy on a worker, the upload itself in embedded
// mode), converts it with the engines and limits of ConversionStep, stores the result and
// records the conversion's end in its job record (whose change event tells its waiters). The input is removed when the job ends, except when the job
// is handed back to the queue at shutdown (the next worker needs it).
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../core/app-error';
import { redactSecrets } from '../core/redact';
import { EngineError } from '../engines/engine-run';
import { handedBack as wasHandedBack } from '../jobs/hand-back';
import type { ConvertJobData, ProductJobHandler } from '../jobs/job-types';
import type { EventBus } from '../realtime/event-bus';
import type { ResultStore } from '../storage/result-store';
import type { ConversionStep } from './conversion-step';
import { conversionFailure } from './conversion-errors';
import type { ClaimedInput, ConversionInputs } from './conversion-inputs';
import type { JobRecords } from '../jobs/job-records';
import { endConversion, type ConversionDetail, type ConversionEnd } from './conversion-record';
import { jobProgressReporter } from './progress';

export interface ConvertJobDeps {
  service: ConversionStep;
  bus: EventBus;
  records: JobRecords;
  results: ResultStore;
  inputs: ConversionInputs;
  log: FastifyBaseLogger;
}

/**
 * A convert job that failed for good outside its handler (its workers died, its time ran out):
 * the visitor gets a clear error and the upload is removed.
 */
export async function convertJobFailed(
  deps: Pick<ConvertJobDeps, 'records' | 'inputs'>,
  data: ConvertJobData,
): Promise<void> {
  await endConversion(deps.records, data.conversionId, {
    failure: new AppError(
      'CONVERSION_FAILED',
      'The conversion stopped before it finished. Please try again.',
    ),
  });
  await deps.inputs.remove(data.input);
}

/** One warning line per failed conversion: its id, kind, output, code and the engine's own last line. */
function logFailure(log: FastifyBaseLogger, data: ConvertJobData, failure: AppError, reason: unknown): void {
  if (failure.code === 'REQUEST_CANCELLED') return;
  const engineLine = reason instanceof EngineError ? lastLine(reason.detail) : undefined;
  const fields = {
    conversionId: data.conversionId,
    kind: data.kind,
    output: data.outputExtension,
    code: failure.code,
    ...(engineLine ? { engineError: redactSecrets(engineLine) } : {}),
    ...(reason instanceof AppError || reason instanceof EngineError ? {} : { err: reason }),
  };
  log.warn(fields, 'conversion failed');
}

const lastLine = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .at(-1);

/**
 * A job's files when it ends: its workspace, and the stored upload unless the workspace is the
 * upload itself (embedded mode: one removal, not the same folder twice). A job handed back to the
 * queue keeps its upload for the next worker.
 */
async function removeFiles(
  inputs: ConversionInputs,
  input: ConvertJobData['input'],
  claimed: ClaimedInput | undefined,
  handedBack: boolean,
): Promise<void> {
  const workspace = handedBack && claimed?.isUpload ? undefined : claimed?.workspace;
  const upload = handedBack || claimed?.isUpload ? undefined : input;
  await Promise.all([
    workspace?.dispose().catch(() => undefined),
    upload && inputs.remove(upload).catch(() => undefined),
  ]);
}

export function convertJobHandler(deps: ConvertJobDeps): ProductJobHandler<'convert'> {
  return async (data: ConvertJobData, { signal: runnerSignal }) => {
    const { conversionId } = data;
    const controller = new AbortController();
    // A conversion that ended while the job waited (its record expired or failed): nothing to run.
    const started = await deps.records.update<ConversionDetail>(conversionId, (current) =>
      current.status === 'queued' ? { ...current, status: 'running', stage: 'converting' } : undefined,
    );
    if (started?.status !== 'running') {
      await deps.inputs.remove(data.input);
      return;
    }
    const onRunnerAbort = () => controller.abort(runnerSignal.reason);
    // A job handed over already aborted (its runner closed while it waited) stops at once.
    if (runnerSignal.aborted) onRunnerAbort();
    else runnerSignal.addEventListener('abort', onRunnerAbort, { once: true });
    let claimed: ClaimedInput | undefined;
    let handedBack = false;
    let end: ConversionEnd;
    try {
      claimed = await deps.inputs.claim(data.input);
      if (!claimed)
        throw new AppError('UPLOAD_INCOMPLETE', 'The upload is no longer available. Please try again.');
      const { workspace, head } = claimed;
      const outputPath = await deps.service.convert({
        kind: data.kind,
        workDir: workspace.dir,
        inputPath: workspace.inputPath,
        bytes: data.bytes,
        head,
        outputExtension: data.outputExtension,
        report: jobProgressReporter(deps.bus, deps.records, conversionId, data.progressId),
        signal: controller.signal,
        options: data.options,
      });
      // A rename on the same disk: the result is not copied. The input goes meanwhile.
      const [stored] = await Promise.all([
        deps.results.put(outputPath, { fileName: data.fileName, contentType: data.contentType }),
        workspace.removeInput().catch(() => undefined),
      ]);
      end = {
        fileId: stored.fileId,
        fileName: stored.fileName,
        bytes: stored.size,
        expiresAt: stored.expiresAt,
      };
    } catch (error) {
      if (wasHandedBack(runnerSignal)) {
        handedBack = true;
        throw error;
      }
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : error;
      const failure = conversionFailure(reason);
      logFailure(deps.log, data, failure, reason);
      // The failure is the job's answer: recorded for the visitor, not a queue failure.
      end = { failure };
    } finally {
      runnerSignal.removeEventListener('abort', onRunnerAbort);
      await removeFiles(deps.inputs, data.input, claimed, handedBack);
    }
    // Told only once the files are gone: the visitor's answer finds nothing left behind.
    await endConversion(deps.records, conversionId, end);
  };
}
