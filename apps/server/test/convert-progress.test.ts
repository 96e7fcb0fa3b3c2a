// Conversion progress: a real ffmpeg run through the conversion service publishes
// ConversionProgress(id, { percent, stage }) to the group conversion:{id} on the event bus, and a
// hub client that joined the group receives every stage of an uploaded conversion (in scaled mode:
// upload on the API node, conversion on the worker, events through Redis).
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  conversionProgressEvent,
  conversionProgressSchema,
  hubEvents,
  hubPath,
  type ConversionProgress,
} from '@grabbit/contracts';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { ConversionStep } from '../src/convert/conversion-step';
import { progressReporter } from '../src/convert/progress';
import { InProcessEventBus, type BusMessage } from '../src/realtime/event-bus';
import { postConversion } from './support/convert-app';
import { makeVideo } from './support/media-fixtures';
import { startTestApp } from './support/test-app';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'grabbit-progress-'));
});

afterAll(async () => rm(dir, { recursive: true, force: true }));

// The service alone has no scaled part: the integration project runs it, integration-scaled need not.
it.skipIf(inject('scaledEnv') !== undefined)(
  'publishes converting percentages from ffmpeg and a finishing event',
  async () => {
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
    const bus = new InProcessEventBus();
    const messages: BusMessage[] = [];
    bus.subscribe((message) => messages.push(message));
    // Long enough that its conversion outlasts several progress periods (0.2 s) on a fast, idle
    // machine too: 15 s of it converted in under 0.2 s there and reported no step in between.
    const clip = await makeVideo(dir, 'progress.mp4', { seconds: 120, width: 320, height: 240 });
    const input = path.join(dir, 'input');
    await copyFile(clip, input);
    const service = new ConversionStep(config);
    await service.convert({
      kind: 'video',
      workDir: dir,
      inputPath: input,
      bytes: 1000,
      head: await readFile(input),
      outputExtension: 'webm',
      report: progressReporter(bus, 'progress-test-1'),
      signal: new AbortController().signal,
    });
    expect(
      messages.every((m) => m.group === 'conversion:progress-test-1' && m.event === conversionProgressEvent),
    ).toBe(true);
    const events = messages.map((m) => {
      expect(m.args[0]).toBe('progress-test-1');
      return conversionProgressSchema.parse(m.args[1]) as ConversionProgress;
    });
    const converting = events.filter((e) => e.stage === 'converting').map((e) => e.percent);
    expect(converting[0]).toBe(0);
    // Intermediate values from ffmpeg's -progress output, never going backwards.
    expect(converting.some((p) => p > 0 && p < 100)).toBe(true);
    expect([...converting].sort((a, b) => a - b)).toEqual(converting);
    expect(events.at(-1)).toEqual({ stage: 'finishing', percent: 100 });
  },
);

it('reaches a hub client of the group through upload, conversion and end', async () => {
  const app = await startTestApp({}, { listen: true, prefix: 'grabbit-progress-app-' });
  const socket = io(app.origin, { path: hubPath, transports: ['websocket'], forceNew: true });
  try {
    const progressId = 'progress-hub-test-1';
    const events: ConversionProgress[] = [];
    socket.on(conversionProgressEvent, (id: string, progress: ConversionProgress) => {
      if (id === progressId) events.push(conversionProgressSchema.parse(progress));
    });
    await new Promise((resolve) => socket.emit(hubEvents.joinConversion, progressId, resolve));
    const clip = await makeVideo(dir, 'hub.mp4', { seconds: 6, width: 320, height: 240 });
    const response = await postConversion(app.app, 'video', clip, 'webm', { progressId });
    expect(response.statusCode).toBe(200);
    const end = Date.now() + 5_000;
    while (events.at(-1)?.stage !== 'finishing' && Date.now() < end)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const stages = events.map((e) => e.stage);
    expect(stages[0]).toBe('uploading');
    expect(events.filter((e) => e.stage === 'uploading').at(-1)?.percent).toBe(100);
    expect(stages.indexOf('converting')).toBeGreaterThan(stages.lastIndexOf('uploading'));
    expect(events.at(-1)).toEqual({ stage: 'finishing', percent: 100 });
  } finally {
    socket.disconnect();
    await app.close();
  }
});
