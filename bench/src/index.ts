// `npm run bench`: every benchmark, each printing its numbers and ratios against the raw engines.
console.info('Grabbit benchmarks');
