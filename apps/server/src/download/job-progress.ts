// How a download job's progress reaches its task (and from there the hub), as one bar across both
// steps: yt-dlp's bytes fill 0-90 and the finishing step 90-99 (with a target size, whose encode
// is long, the bytes fill 0-50 and the encode 50-99), and 100 means stored. Byte progress is sent
// at most every 250 ms or on each whole-percent step, so a fast download does not flood the hub.
import type { DownloadProgress } from '../ytdlp';
import type { TaskStore } from './task-store';

const progressIntervalMs = 250;

/** The download's share of the bar: most of it, unless a long encode follows. */
export const downloadShareOf = (fitsToSize: boolean) => (fitsToSize ? 50 : 90);

export function jobProgress(tasks: TaskStore, taskId: string, downloadShare: number) {
  let lastSent = 0;
  let lastPercent = -1;
  return {
    bytes(progress: DownloadProgress): void {
      const percent = progress.percent === null ? lastPercent : Math.floor(progress.percent);
      const now = Date.now();
      if (percent === lastPercent && now - lastSent < progressIntervalMs) return;
      lastSent = now;
      lastPercent = percent;
      void tasks.progress(
        taskId,
        { progress: (Math.max(0, percent) * downloadShare) / 100 },
        { speed: progress.speed, eta: progress.eta },
      );
    },
    processing(): void {
      void tasks.progress(taskId, { status: 'processing', stage: 'processing' });
    },
    finishing(fraction: number): void {
      void tasks.progress(taskId, { progress: downloadShare + fraction * (99 - downloadShare) });
    },
  };
}
