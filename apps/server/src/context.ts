// What feature plugins and jobs share: one per app. Its own module, so app.ts, plugins and routes
// all import it without importing each other.
import type { Config } from './config/env';
import type { EventBus } from './realtime/event-bus';
import type { Security } from './security/register';

export interface AppContext {
  config: Config;
  bus: EventBus;
  security: Security;
}
