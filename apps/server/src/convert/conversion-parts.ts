// The converter's parts for one process: the engines (ConversionService), the state of
// conversions, the signals between processes, the result store, where uploads wait for their job,
// and the `convert` job's handler. Embedded mode keeps everything here (uploads used in place by
// the job); scaled mode (scaled/scaled-conversions.ts) puts state and signals in Redis and inputs
// and results in the bucket or on the shared disk.
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env';
import type { JobHandler } from '../jobs/job-types';
import type { EventBus } from '../realtime/event-bus';
import { DiskResultStore, type ResultStore } from '../storage/result-store';
import { ConversionService } from './conversion';
import { LocalConversionInputs, type ConversionInputs } from './conversion-inputs';
import { InProcessConversionSignals, type ConversionSignals } from './conversion-signals';
import { MemoryConversionStateStore, type ConversionStateStore } from './conversion-state';
import { convertJobHandler } from './convert-job';

export interface ConversionParts {
  state: ConversionStateStore;
  signals: ConversionSignals;
  results: ResultStore;
  inputs: ConversionInputs;
  /** The `convert` job's handler, registered with this process's job runner. */
  handler: JobHandler<'convert'>;
  close(): Promise<void>;
}

export interface ConversionPartsInput {
  config: Config;
  bus: EventBus;
  log: FastifyBaseLogger;
  state?: ConversionStateStore;
  signals?: ConversionSignals;
  results?: ResultStore;
  inputs?: ConversionInputs;
  close?: () => Promise<void>;
}

/** The parts with embedded mode's defaults for whatever scaled mode does not replace. */
export function conversionParts(input: ConversionPartsInput): ConversionParts {
  const { config, bus, log } = input;
  const ttlMs = config.RESULT_TTL_HOURS * 3_600_000;
  const state = input.state ?? new MemoryConversionStateStore(ttlMs);
  const signals = input.signals ?? new InProcessConversionSignals();
  // Results of conversions share the downloads' result folder (or bucket), so the same sweeper
  // expires both after RESULT_TTL_HOURS.
  const results = input.results ?? new DiskResultStore(path.resolve(config.DATA_DIR, 'results'), ttlMs);
  const inputs = input.inputs ?? new LocalConversionInputs(config.DATA_DIR);
  const handler = convertJobHandler({
    service: new ConversionService(config),
    bus,
    state,
    signals,
    results,
    inputs,
    log,
  });
  return {
    state,
    signals,
    results,
    inputs,
    handler,
    close: input.close ?? (async () => undefined),
  };
}
