// The bare server of bare-server.ts, in a process of its own as the API's server is: it stores each
// request's body, runs the one ffmpeg plan it was started with (BARE_JOB: the plan, the input's
// demuxer and the output's extension) on it, sends the result back, and prints its port.
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { loadConfig } from '../../apps/server/src/config/env';
import type { EncodePlan } from '../../apps/server/src/encode/encode-plan';
import { runFfmpegPlan } from '../../apps/server/src/encode/run-plan';
import type { SafeDemuxer } from '../../apps/server/src/engines/ffmpeg-demuxers';

const job = JSON.parse(process.env.BARE_JOB ?? '{}') as {
  dir: string;
  demuxer: SafeDemuxer;
  plan: EncodePlan;
  target: string;
};
const config = loadConfig({ DATA_DIR: job.dir });
const chunk = 1024 * 1024;
const [input, output] = [path.join(job.dir, 'bare-upload'), path.join(job.dir, `bare-result.${job.target}`)];

const server = createServer((request, response) => {
  const answer = async () => {
    await pipeline(request, createWriteStream(input, { highWaterMark: chunk }));
    const context = {
      workDir: job.dir,
      deadline: Date.now() + 600_000,
      signal: new AbortController().signal,
    };
    await runFfmpegPlan(config, { input, demuxer: job.demuxer, plan: job.plan, output }, context);
    response.writeHead(200, { 'content-length': (await stat(output)).size });
    await pipeline(createReadStream(output, { highWaterMark: chunk }), response);
  };
  answer().catch((error: unknown) => response.destroy(error as Error));
});
server.listen(0, '127.0.0.1', () => console.info((server.address() as AddressInfo).port));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
