// Between measured runs: what the last run wrote goes to disk first, so the kernel's write-back of
// one run (tens of MB of dirty pages, flushed seconds later) never lands inside the next one.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export const settleWrites = (): Promise<unknown> => promisify(execFile)('sync');
