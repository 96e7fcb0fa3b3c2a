// How a download job's progress reaches its task (and from there the hub): yt-dlp's bytes fill
// 0-90, the finishing step 90-99, and 100 means stored. Byte progress is sent at most every
// 250 ms or on each whole-percent step, so a fast download does not flood the hub.
import type { DownloadProgress } from '../media/ytdlp';
import type { TaskStore } from './task-store';

export const downloadShare = 90;
const progressIntervalMs = 250;

export function jobProgress(tasks: TaskStore, taskId: string) {
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
