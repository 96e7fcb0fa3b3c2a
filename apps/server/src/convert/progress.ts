// Publishes a conversion's progress to its hub group `conversion:{id}`, and writes it to the
// conversion's job record (so GET /api/jobs/{id} and a page after a reload read it too), at most
// once per whole percent per stage, so a long ffmpeg run floods neither the hub nor the store.
import { conversionProgressEvent, type ConversionProgress, type ConversionStage } from '@grabbit/contracts';
import { isEnded } from '../jobs/job-record';
import type { JobRecords } from '../jobs/job-records';
import type { EventBus } from '../realtime/event-bus';

export type ProgressReporter = (stage: ConversionStage, percent: number) => void;

export function progressReporter(bus: EventBus, progressId: string | undefined): ProgressReporter {
  if (!progressId) return () => undefined;
  return wholePercents((payload) =>
    bus.publish(`conversion:${progressId}`, conversionProgressEvent, progressId, payload),
  );
}

/** The job's reporter: the hub (when followed there) and the conversion's record. */
export function jobProgressReporter(
  bus: EventBus,
  records: JobRecords,
  conversionId: string,
  progressId: string | undefined,
): ProgressReporter {
  const hub = progressReporter(bus, progressId);
  const record = wholePercents(({ percent, stage }) => {
    void records
      .update(conversionId, (current) =>
        isEnded(current) ? undefined : { ...current, progress: Math.min(99, percent), stage },
      )
      .catch(() => undefined);
  });
  return (stage, percent) => {
    hub(stage, percent);
    record(stage, percent);
  };
}

/** Calls `report` once per whole percent per stage. */
function wholePercents(report: (payload: ConversionProgress) => void): ProgressReporter {
  let last = { stage: '', percent: -1 };
  return (stage, percent) => {
    const rounded = Math.max(0, Math.min(100, Math.floor(percent)));
    if (stage === last.stage && rounded === last.percent) return;
    last = { stage, percent: rounded };
    report({ percent: rounded, stage });
  };
}
