// Publishes a conversion's progress to its hub group `conversion:{id}`, at most once per whole
// percent per stage, so a long ffmpeg run does not flood the hub.
import { conversionProgressEvent, type ConversionProgress, type ConversionStage } from '@grabbit/contracts';
import type { EventBus } from '../realtime/event-bus';

export type ProgressReporter = (stage: ConversionStage, percent: number) => void;

export function progressReporter(bus: EventBus, progressId: string | undefined): ProgressReporter {
  if (!progressId) return () => undefined;
  let last = { stage: '', percent: -1 };
  return (stage, percent) => {
    const rounded = Math.max(0, Math.min(100, Math.floor(percent)));
    if (stage === last.stage && rounded === last.percent) return;
    last = { stage, percent: rounded };
    const payload: ConversionProgress = { percent: rounded, stage };
    bus.publish(`conversion:${progressId}`, conversionProgressEvent, progressId, payload);
  };
}
