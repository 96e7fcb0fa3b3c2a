// Conversion progress from the page's one real-time hub connection (lib/hub-client-instance.ts): the
// page joins the conversion's group before uploading and receives
// ConversionProgress(progressId, { percent, stage }). Progress is a comfort, never a requirement: if
// the hub is unreachable the upload still runs, and the group is joined if the hub comes up later.
import {
  conversionProgressEvent,
  conversionStages,
  type ConversionProgress,
} from '@grabbit/contracts/events';
import { downloadsHub } from '../../../lib/hub-client-instance';

type ProgressHandler = (event: ConversionProgress) => void;

/** How long an upload waits for the hub to connect before it starts without progress. */
const connectWaitMs = 2000;

/** The payload when it is a well-formed progress event (the hub is outside the page's control). */
export function parseProgressEvent(payload: unknown): ConversionProgress | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { percent, stage } = payload as Record<string, unknown>;
  if (typeof percent !== 'number' || !(percent >= 0 && percent <= 100)) return undefined;
  if (!conversionStages.includes(stage as ConversionProgress['stage'])) return undefined;
  return { percent, stage: stage as ConversionProgress['stage'] };
}

function connectedWithin(started: Promise<boolean>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void started.then((connected) => {
      clearTimeout(timer);
      resolve(connected);
    });
  });
}

/**
 * Joins a conversion's progress group and calls `onProgress` for its events until the returned
 * function is called. Resolves once joined (or once waiting longer is not worth it).
 */
export async function followConversion(progressId: string, onProgress: ProgressHandler): Promise<() => void> {
  const hub = downloadsHub();
  let stopped = false;
  const unsubscribe = hub.on(conversionProgressEvent, (id: unknown, payload: unknown) => {
    const event = id === progressId ? parseProgressEvent(payload) : undefined;
    if (event) onProgress(event);
  });
  const stop = () => {
    stopped = true;
    unsubscribe();
    hub.leaveConversion(progressId);
  };
  const started = hub.start();
  if (await connectedWithin(started, connectWaitMs)) {
    await hub.joinConversion(progressId);
  } else {
    // Joined late when the hub connects while the conversion still runs.
    void started.then((connected) => connected && !stopped && hub.joinConversion(progressId));
  }
  return stop;
}
