// What feature plugins and jobs share: one per app. Its own module, so app.ts, plugins and routes
// all import it without importing each other.
import type { Config } from '../config/env';
import type { EventBus } from '../realtime/event-bus';
import type { ScaledInfrastructure } from './scaled-infrastructure';
import type { Security } from '../security/register';

export interface AppContext {
  config: Config;
  bus: EventBus;
  /** Scaled mode (REDIS_URL set): Redis, the queues and the bucket shared by every process. */
  scaled?: ScaledInfrastructure;
  /** Whether this process runs jobs (embedded mode always; scaled mode unless START_WORKER=false). */
  runsJobs: boolean;
  security: Security;
}
