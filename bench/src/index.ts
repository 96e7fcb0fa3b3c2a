// `npm run bench`: every benchmark, each printing its numbers and ratios against the raw engines.
import { runConvertBenchmarks } from './convert-bench';
import { runDownloadBenchmarks } from './download-bench';
import { runWebBenchmarks } from './web-bench';

console.info('Grabbit benchmarks');
await runDownloadBenchmarks();
await runConvertBenchmarks();
await runWebBenchmarks();
