// What feature plugins and jobs share: one per app. Its own module, so app.ts, plugins and routes
// all import it without importing each other.
import type { Config } from './config/env';
import type { EventBus } from './realtime/event-bus';

export interface AppContext {
  config: Config;
  bus: EventBus;
}
