// Conversion signals across processes on one Redis channel: the worker's `ended` reaches the API
// node that waits, and the API node's `cancel` reaches the worker that runs. A lost signal is
// caught up by the waiter's periodic read of the state store.
import type { ConversionSignal, ConversionSignals } from './conversion-signals';
import { RedisJsonChannel } from '../redis/redis-json-channel';

export class RedisConversionSignals extends RedisJsonChannel<ConversionSignal> implements ConversionSignals {}
