// What /metrics reports, in Prometheus' text format (prom-client): downloads by platform and
// outcome (`completed` or the error code) with their durations, read from the event bus as the
// hub does; the operator's sessions and routes per platform and state; and the jobs queued or
// running. Sessions, routes and the queue are read at each scrape, never kept twice.
import type { DownloadTask, TaskErrorEvent } from '@grabbit/contracts';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config/env';
import type { TaskStore } from '../download/task-store';
import type { JobQueue } from '../jobs/runner';
import { accessReport } from '../ytdlp';
import type { EventBus } from '../realtime/event-bus';

interface MetricsSources {
  config: Config;
  bus: EventBus;
  tasks: TaskStore;
  queue: JobQueue;
}

const seconds = (task: DownloadTask) => (Date.parse(task.updatedAt) - Date.parse(task.createdAt)) / 1000;

function accessGauge(registry: Registry, config: Config, pool: 'sessions' | 'routes'): void {
  new Gauge({
    name: `grabbit_access_${pool}`,
    help: `The operator's ${pool} per platform, by state (healthy or quarantined)`,
    labelNames: ['platform', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const [platform, access] of Object.entries((await accessReport(config)).access)) {
        for (const state of ['healthy', 'quarantined'] as const)
          this.set({ platform, state }, access[pool][state]);
      }
    },
  });
}

export function openMetrics({ config, bus, tasks, queue }: MetricsSources): Registry {
  const registry = new Registry();
  const downloads = new Counter({
    name: 'grabbit_downloads_total',
    help: 'Downloads ended, by platform and outcome (completed, or the error code)',
    labelNames: ['platform', 'outcome'],
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'grabbit_download_duration_seconds',
    help: 'Time from a download being asked to its end, by platform and outcome',
    labelNames: ['platform', 'outcome'],
    buckets: [1, 5, 15, 30, 60, 120, 300, 900, 1800],
    registers: [registry],
  });
  const ended = (task: DownloadTask, outcome: string) => {
    downloads.inc({ platform: task.platform, outcome });
    durations.observe({ platform: task.platform, outcome }, seconds(task));
  };
  bus.subscribe((message) => {
    const [taskId, payload] = message.args;
    if (message.event === 'TaskCompleted') ended(payload as DownloadTask, 'completed');
    if (message.event === 'TaskError' && typeof taskId === 'string') {
      const { code } = payload as TaskErrorEvent;
      void tasks.get(taskId).then(
        (task) => task && ended(task, code),
        () => {},
      );
    }
  });
  accessGauge(registry, config, 'sessions');
  accessGauge(registry, config, 'routes');
  new Gauge({
    name: 'grabbit_queue_depth',
    help: 'Jobs (downloads, conversions, webhook deliveries) queued or running',
    registers: [registry],
    async collect() {
      this.set(await queue.load());
    },
  });
  return registry;
}
