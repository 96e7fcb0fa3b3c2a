import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two cores: engines are heavy, keep integration files to two at a time.
          maxWorkers: 2,
        },
      },
      {
        // The downloader's and the converter's suites again in scaled mode (real redis-server and s3rver), so the two
        // modes cannot drift apart.
        test: {
          name: 'integration-scaled',
          include: [
            'apps/server/test/hub-downloads.test.ts',
            'apps/server/test/download-playlist.test.ts',
            'apps/server/test/download-formats.test.ts',
            'apps/server/test/download-redirects.test.ts',
            'apps/server/test/download-validate.test.ts',
            'apps/server/test/download-preview.test.ts',
            'apps/server/test/download-egress.test.ts',
            'apps/server/test/download-operator.test.ts',
            // Not here: download-safety and cloud-storage look at files on the local disk; their
            // scaled-mode counterparts are scaled-s3-result-store, cloud-storage-s3 and scaled-cloud-storage.
            // The converter's: uploads to the bucket, a worker converts, the answer streams back.
            'apps/server/test/convert-api.test.ts',
            'apps/server/test/convert-jobs.test.ts',
            'apps/server/test/convert-early-answers.test.ts',
            'apps/server/test/convert-progress.test.ts',
            'apps/server/test/convert-field-order.test.ts',
            'apps/server/test/convert-options.test.ts',
            'apps/server/test/convert-safety.test.ts',
            'apps/server/test/convert-image-rules.test.ts',
            'apps/server/test/convert-video-rules.test.ts',
            'apps/server/test/convert-matrix.test.ts',
            // Resumable uploads into the bucket (multipart), converted by id on a worker.
            'apps/server/test/uploads-resumable.test.ts',
            'apps/server/test/uploads-resumable-bounds.test.ts',
            // The running-job cap over job records in Redis: abandoned jobs keep their slots.
            'apps/server/test/jobs-running-cap.test.ts',
            // The quota of results waiting for their owner, counted over job records in Redis.
            'apps/server/test/jobs-results-waiting.test.ts',
          ],
          globalSetup: ['apps/server/test/support/scaled-global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
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
        },
      },
    ],
  },
});
