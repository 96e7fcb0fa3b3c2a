// Signals about one conversion between processes: `ended` (its record is final: read it) and
// `cancel` (its visitor left: stop it). In-process in embedded mode; a Redis channel in scaled mode.
import { EventEmitter } from 'node:events';

export interface ConversionSignal {
  conversionId: string;
  signal: 'ended' | 'cancel';
}

export interface ConversionSignals {
  publish(message: ConversionSignal): void;
  /** Receives every signal; returns the unsubscribe function. */
  subscribe(listener: (message: ConversionSignal) => void): () => void;
}

export class InProcessConversionSignals implements ConversionSignals {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publish(message: ConversionSignal): void {
    this.emitter.emit('signal', message);
  }

  subscribe(listener: (message: ConversionSignal) => void): () => void {
    this.emitter.on('signal', listener);
    return () => this.emitter.off('signal', listener);
  }
}
