import { defineConfig } from 'vitest/config';
import { longestFirst } from './apps/server/test/support/longest-first-sequencer.ts';

/**
 * Test files that run longest (CI report of `npm test`), longest first: they start ahead of all
 * others so that the two workers end together. A file that grows past ~15 s belongs here.
 */
const longFiles = [
  'apps/server/test/convert-corpus.test.ts',
  'apps/server/test/convert-matrix.test.ts',
  'apps/server/test/scaled-shutdown.test.ts',
  'apps/server/test/convert-target-size.test.ts',
  'apps/server/test/download-formats.test.ts',
  'apps/server/test/download-target-size.test.ts',
  'apps/server/test/scaled-cloud-storage.test.ts',
  'apps/server/test/uploads-resumable.test.ts',
  'apps/server/test/scaled-cluster.test.ts',
  'apps/server/test/scaled-access-pools.test.ts',
  'apps/server/test/jobs-results-waiting.test.ts',
  'apps/server/test/convert-safety.test.ts',
  'apps/server/test/download-preview.test.ts',
  'apps/server/test/jobs-running-cap.test.ts',
  'apps/server/test/scaled-convert-cluster.test.ts',
  'apps/server/test/engines-setup.test.ts',
  'apps/server/test/foundation-startup.test.ts',
  'apps/server/test/scaled-bullmq-runner.test.ts',
  'apps/server/test/webhooks.test.ts',
  'apps/server/test/scaled-webhooks.test.ts',
];

/** What every file that starts the server needs. */
const serverTests = {
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // Each test file runs in a temporary working folder of its own, as `npm start` runs in one.
  setupFiles: ['apps/server/test/support/working-folder-setup.ts'],
} as const;

const busyMachine = 'apps/server/test/busy-machine.test.ts';

export default defineConfig({
  test: {
    sequence: { sequencer: longestFirst(longFiles) },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            // The cluster manifests render and validate (unit speed; the image itself: `container`).
            'container/tests/manifests.test.ts',
          ],
          environment: 'node',
          // The integration projects' worker count: the group of the files that run together, so
          // these quick files fill the gaps among them instead of running one by one at the end.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: [busyMachine],
          ...serverTests,
          // Two cores: engines are heavy, keep integration files to two at a time.
          maxWorkers: 2,
          globalSetup: ['apps/server/test/support/corpus-global-setup.ts'],
        },
      },
      {
        // Its CPU hogs run at the server's priority and leave the engines next to nothing (they run
        // at the lowest): any file run beside it would see its own engines stall for a minute. So
        // it runs alone, in a group of its own after the others.
        test: {
          name: 'integration-busy',
          include: [busyMachine],
          ...serverTests,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The downloader's and the converter's suites again in scaled mode (real redis-server and s3rver), so the two
        // modes cannot drift apart: the files whose path crosses what scaled mode changes (the queue, the
        // records, the bus, the bucket, the worker's own guard and settings).
        // Not repeated here, each for a reason:
        // - download-formats: every output format through yt-dlp and ffmpeg, the same engines and finishing
        //   step in either process; the queue and bucket around a download are hub-downloads' and playlist's.
        // - download-validate: answers from the catalog's rules and starts no job.
        // - download-redirects: the link resolver before any job, the same code in any process.
        // - convert-matrix, convert-image-rules, convert-video-rules: what the engines make of each format
        //   and rule; the upload to the bucket, the worker and the answer are convert-api's and convert-jobs'.
        // - download-safety and cloud-storage look at files on the local disk; their scaled-mode
        //   counterparts are scaled-s3-result-store, cloud-storage-s3 and scaled-cloud-storage.
        test: {
          name: 'integration-scaled',
          include: [
            'apps/server/test/hub-downloads.test.ts',
            'apps/server/test/download-playlist.test.ts',
            // The preview's info read once and handed to the queued job (no second extraction).
            'apps/server/test/download-preview.test.ts',
            'apps/server/test/download-egress.test.ts',
            'apps/server/test/download-operator.test.ts',
            // The converter's: uploads to the bucket, a worker converts, the answer streams back.
            // The job records' list and the Idempotency-Key store in Redis.
            'apps/server/test/jobs-public.test.ts',
            'apps/server/test/jobs-idempotency.test.ts',
            'apps/server/test/convert-api.test.ts',
            'apps/server/test/convert-jobs.test.ts',
            'apps/server/test/convert-early-answers.test.ts',
            'apps/server/test/convert-progress.test.ts',
            'apps/server/test/convert-field-order.test.ts',
            // The visitor's options travel in the job's data through the queue.
            'apps/server/test/convert-options.test.ts',
            'apps/server/test/convert-safety.test.ts',
            // Resumable uploads into the bucket (multipart), converted by id on a worker.
            'apps/server/test/uploads-resumable.test.ts',
            'apps/server/test/uploads-resumable-bounds.test.ts',
            // The running-job cap over job records in Redis: abandoned jobs keep their slots.
            'apps/server/test/jobs-running-cap.test.ts',
            // The quota of results waiting for their owner, counted over job records in Redis.
            'apps/server/test/jobs-results-waiting.test.ts',
            // Webhook endpoints and delivery logs in Redis, deliveries as BullMQ jobs with back-off.
            'apps/server/test/webhooks.test.ts',
          ],
          globalSetup: ['apps/server/test/support/scaled-global-setup.ts'],
          ...serverTests,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One process runs the browser test files in turn (each file starts its own server and
          // browser): no new process and fresh imports per file. Its own group, after the others.
          isolate: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        // The image run for real with podman (container/): built from the Dockerfile (layer caches
        // make a rebuild of nothing quick; a cold build takes many minutes), the scaled compose file,
        // and `npm start` on a stock Debian 12. Its own group, last: containers take the whole machine.
        test: {
          name: 'container',
          // scaled-compose.test.ts and debian-npm.test.ts join once they have passed here.
          include: ['container/tests/*.test.ts'],
          exclude: ['container/tests/manifests.test.ts'],
          environment: 'node',
          testTimeout: 10 * 60_000,
          hookTimeout: 60 * 60_000,
          fileParallelism: false,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
