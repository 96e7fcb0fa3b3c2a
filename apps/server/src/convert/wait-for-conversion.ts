// Waiting for a conversion's end through the state store and the signals, so it works in whichever
// process asks: subscribe first (no end can slip between read and subscribe), then read the store,
// and read again on each `ended` signal of the conversion (as download/wait-for-task.ts does).
import type { ConversionSignals } from './conversion-signals';
import { isFinished, type ConversionRecord, type ConversionStateStore } from './conversion-state';

/** How often the record is read again besides the signals. */
const recheckMs = 5_000;

export interface ConversionWait {
  /** The final record; undefined when the store does not know the conversion (it expired). */
  done: Promise<ConversionRecord | undefined>;
  /** Stops listening; a wait not settled yet then settles as undefined. */
  stop: () => void;
}

export function waitForConversion(
  state: ConversionStateStore,
  signals: ConversionSignals,
  conversionId: string,
): ConversionWait {
  let unsubscribe = () => {};
  let timer: NodeJS.Timeout | undefined;
  let settle: (record: ConversionRecord | undefined) => void = () => {};
  const quiet = () => {
    unsubscribe();
    clearInterval(timer);
  };
  const stop = () => {
    quiet();
    settle(undefined);
  };
  const done = new Promise<ConversionRecord | undefined>((resolve, reject) => {
    settle = resolve;
    /** The first read fails the wait (the store is away); later ones try again on the next tick. */
    const check = (first = false) => {
      state.get(conversionId).then(
        (record) => {
          if (record && !isFinished(record)) return;
          quiet();
          resolve(record);
        },
        (error: unknown) => {
          if (!first) return;
          quiet();
          reject(error);
        },
      );
    };
    unsubscribe = signals.subscribe((message) => {
      if (message.conversionId === conversionId && message.signal === 'ended') check();
    });
    // A signal lost while a connection was down must not leave the visitor waiting forever.
    timer = setInterval(check, recheckMs);
    check(true);
  });
  return { done, stop };
}
