import { MemoryWebhookStore } from './memory-webhook-store';
import { runWebhookStoreContract } from './webhook-store.contract';

runWebhookStoreContract('MemoryWebhookStore', () => new MemoryWebhookStore());
