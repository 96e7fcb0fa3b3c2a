import { runDownloadBenchmarks } from './download-bench';
await runDownloadBenchmarks();
