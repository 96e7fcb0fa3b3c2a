// The hub's part in following jobs: a download's or a batch's progress event updates its query at
// once (no wait for the next read), its end makes the query read the job again (the read has the
// result link), and after a reconnect every followed job is read again, so nothing said while the
// hub was away is missed. The hub is a comfort: without it the reads alone follow every job.
import type { Job } from '@grabbit/contracts';
import { hubEvents } from '@grabbit/contracts/events';
import type { QueryClient } from '@tanstack/react-query';
import { downloadsHub } from '../hub-client-instance';
import { isFinal, jobKey, jobsKey, type FollowedJob } from './job-query';

/** The hub group a job's events go to: a download's task, a playlist's batch (none for others). */
export type JobGroup = 'task' | 'batch';

const wired = new WeakSet<QueryClient>();

/** Applies a progress event to a job still running (a final state is never undone by a late event). */
function patchRunning(client: QueryClient, jobId: string, change: Partial<Job>): void {
  client.setQueryData<FollowedJob>(jobKey(jobId), (followed) => {
    if (!followed || isFinal(followed.job)) return followed;
    const progress = Math.max(followed.job.progress, change.progress ?? 0);
    return { ...followed, job: { ...followed.job, ...change, status: 'running', progress } };
  });
}

function wireHub(client: QueryClient): void {
  if (wired.has(client)) return;
  wired.add(client);
  const hub = downloadsHub();
  const reread = (jobId: string) => void client.invalidateQueries({ queryKey: jobKey(jobId) });
  hub.on(hubEvents.taskProgress, (jobId, update) =>
    patchRunning(client, jobId, { progress: update.progress, stage: update.stage || update.status }),
  );
  hub.on(hubEvents.taskCompleted, reread);
  hub.on(hubEvents.taskError, reread);
  hub.on(hubEvents.batchProgress, (jobId, percent) => patchRunning(client, jobId, { progress: percent }));
  hub.on(hubEvents.batchCompleted, reread);
  hub.on(hubEvents.batchError, reread);
  hub.onReconnected(() => void client.invalidateQueries({ queryKey: jobsKey }));
}

/** Joins the job's hub group while it is followed; returns the function that leaves it. */
export function followOnHub(client: QueryClient, jobId: string, group: JobGroup): () => void {
  wireHub(client);
  const hub = downloadsHub();
  // Joined at once when connected, else as soon as the hub connects.
  if (group === 'task') hub.joinTask(jobId);
  else hub.joinBatch(jobId);
  void hub.start();
  return () => {
    if (group === 'task') hub.leaveTask(jobId);
    else hub.leaveBatch(jobId);
  };
}
