// `npm run bench`: every benchmark, each printing its numbers and ratios against the raw engines.
// `npm run bench -- convert` (or download, web, load, info, rest, zip, scaled, scaled-convert, upload)
// runs only the groups named. `convert-ratios` (the converter's ratios against ffmpeg alone, a part
// of `convert`) runs only when named.
import { runConvertBenchmarks, runConvertRatioBenchmarks } from './convert-bench';
import { runDownloadBenchmarks } from './download-bench';
import { runInfoBenchmarks } from './info-bench';
import { runLoadBenchmarks } from './load-bench';
import { runRestBenchmarks } from './rest-bench';
import { runScaledBenchmarks } from './scaled-bench';
import { runScaledConvertBenchmarks } from './scaled-convert-bench';
import { runUploadBenchmarks } from './upload-bench';
import { runWebBenchmarks } from './web-bench';
import { runZipBenchmarks } from './zip-bench';

const groups = {
  download: runDownloadBenchmarks,
  convert: runConvertBenchmarks,
  web: runWebBenchmarks,
  load: runLoadBenchmarks,
  info: runInfoBenchmarks,
  rest: runRestBenchmarks,
  zip: runZipBenchmarks,
  scaled: runScaledBenchmarks,
  'scaled-convert': runScaledConvertBenchmarks,
  upload: runUploadBenchmarks,
  'convert-ratios': runConvertRatioBenchmarks,
};
/** Parts of a group above, run only when named (the whole run has them in their group). */
const partsOnly = new Set(['convert-ratios']);
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in groups));
if (unknown.length > 0) {
  console.error(`Unknown benchmark group: ${unknown.join(', ')} (known: ${Object.keys(groups).join(', ')})`);
  process.exit(2);
}

console.info('Grabbit benchmarks');
for (const [name, run] of Object.entries(groups)) {
  if (asked.includes(name) || (asked.length === 0 && !partsOnly.has(name))) await run();
}
