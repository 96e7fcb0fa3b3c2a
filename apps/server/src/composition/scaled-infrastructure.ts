// Everything scaled mode connects to, made once per process from the configuration: Redis (one
// connection that fails fast for commands, others that wait), the event bus, the bucket when
// S3_BUCKET is set, and the hub's adapter. API nodes and workers both use it; the BullMQ runner is
// built beside it from the job table (process-parts.ts).
import type { Health } from '@grabbit/contracts';
import type { Redis } from 'ioredis';
import type { ServerOptions } from 'socket.io';
import type { Config } from '../config/env';
import { uploadKeepMs } from '../convert/conversion-inputs';
import { RedisEventBus } from '../realtime/redis-event-bus';
import { createS3Client, s3SettingsFrom } from '../storage/s3-client';
import { S3Bucket } from '../storage/s3-bucket';
import { connectRedis, redisReachable, redisReady, type RedisRole } from '../redis/redis-connection';

export interface ScaledHealth {
  mode: 'scaled';
  redis: 'up' | 'down';
  bucket: 'up' | 'down' | 'not used';
  /** Waiting and running jobs per job name; undefined while Redis is away. */
  queues?: Record<string, { waiting: number; active: number }>;
}

export interface ScaledInfrastructure {
  /** Fails fast while Redis is away (state reads and writes, queueing). */
  commands: Redis;
  /** Name space of this deployment's keys (REDIS_PREFIX). */
  prefix: string;
  bus: RedisEventBus;
  /** The bucket, when S3_BUCKET is set (otherwise results stay under the shared DATA_DIR). */
  results?: S3Bucket;
  /** The bucket's `uploads/` folder: uploads waiting for their conversion on a worker. */
  uploads?: S3Bucket;
  /** A waiting connection for a worker's BullMQ reads. */
  workerConnection(): Redis;
  /** Another connection of this process (closed with it), e.g. for a subscription. */
  connection(role: RedisRole, name: string): Redis;
  hubAdapter(): NonNullable<ServerOptions['adapter']>;
  /** Redis and the bucket; the queues' depth comes from the runner. */
  health(depth: () => Promise<ScaledHealth['queues']>): Promise<ScaledHealth>;
  close(): Promise<void>;
}

export interface ScaledLog {
  warn(message: string): void;
  info(message: string): void;
}

export async function connectScaled(config: Config, log: ScaledLog): Promise<ScaledInfrastructure> {
  const url = config.REDIS_URL;
  if (!url) throw new Error('Scaled mode needs REDIS_URL');
  const opened: Redis[] = [];
  const open = (role: 'commands' | 'waiting', name: string) => {
    const connection = connectRedis(url, role, {
      name: `grabbit-${name}`,
      // One line per outage; reconnection is automatic and logged when it is back.
      onOutage: (error) => log.warn(`Redis (${name}) is unreachable: ${error.message}; retrying`),
    });
    connection.on('ready', () => log.info(`Redis (${name}) connected`));
    opened.push(connection);
    return connection;
  };
  const commands = open('commands', 'commands');
  // Start even while Redis is away: new jobs answer 503 until it comes back.
  if (!(await redisReady(commands, 5_000)))
    log.warn('Redis is not reachable yet: new jobs answer 503 until it is');
  const prefix = config.REDIS_PREFIX;
  const bus = new RedisEventBus(
    open('commands', 'publish'),
    open('waiting', 'subscribe'),
    `${prefix}:events`,
  );
  // Scaled mode only: an embedded server never loads the adapter.
  const { createAdapter } = await import('@socket.io/redis-adapter');
  const s3 = s3SettingsFrom(config);
  const client = s3 ? createS3Client(s3) : undefined;
  const ttlMs = config.RESULT_TTL_HOURS * 60 * 60 * 1000;
  const results = client && s3 ? new S3Bucket(client, s3.bucket, ttlMs) : undefined;
  const uploads =
    client && s3 ? new S3Bucket(client, s3.bucket, uploadKeepMs(config), 'uploads/') : undefined;

  return {
    commands,
    prefix,
    bus,
    ...(results ? { results } : {}),
    ...(uploads ? { uploads } : {}),
    workerConnection: () => open('waiting', 'worker'),
    connection: open,
    hubAdapter: () =>
      createAdapter(open('waiting', 'hub-publish'), open('waiting', 'hub-subscribe'), {
        key: `${prefix}:socket.io`,
      }),
    async health(depth) {
      const redis = (await redisReachable(commands)) ? 'up' : 'down';
      const bucket = results ? ((await results.reachable()) ? 'up' : 'down') : 'not used';
      const queues = redis === 'up' ? await depth().catch(() => undefined) : undefined;
      return { mode: 'scaled', redis, bucket, ...(queues ? { queues } : {}) };
    },
    async close() {
      await bus.close();
      client?.destroy();
      for (const connection of opened) connection.disconnect();
    },
  };
}

/** The health answer with scaled mode's part: the mode, Redis and the bucket, queue depth. */
export async function withScaledHealth(report: Health, scaled: ScaledHealth | undefined): Promise<Health> {
  if (!scaled) return { ...report, mode: 'embedded' };
  const { redis, bucket, queues } = scaled;
  const warnings = [...report.warnings];
  if (redis === 'down') warnings.push('Redis is unreachable: new jobs are refused until it is back');
  if (bucket === 'down') warnings.push('The result bucket is unreachable');
  return {
    ...report,
    status: redis === 'up' && bucket !== 'down' ? report.status : 'degraded',
    warnings,
    mode: 'scaled',
    scaled: { redis, bucket, ...(queues ? { queues } : {}) },
  };
}
