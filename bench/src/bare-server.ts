// The floor under a conversion through any HTTP API on this machine: a bare Node server, in a
// process of its own (bare-server-main.ts), that stores the request's body on disk, runs the same
// ffmpeg plan on it and sends the result back, and does nothing else (no form to parse, no limits,
// no job or record). Measured beside the API and the engine alone, it shows what the two transfers
// cost here, which no server design removes: on a small VM, 18 MB each way through Node's HTTP
// costs about as much as ffmpeg's stream copy of the same file.
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { EncodePlan } from '../../apps/server/src/encode/encode-plan';
import type { SafeDemuxer } from '../../apps/server/src/engines/ffmpeg-demuxers';
import { curlRequest } from './convert-server';

export interface BareServer {
  /** Sends `file` as the request's body with curl: milliseconds to the answer saved at `saveTo`. */
  convert(file: string, saveTo: string): Promise<number>;
  close(): Promise<void>;
}

export async function startBareServer(job: {
  dir: string;
  demuxer: SafeDemuxer;
  plan: EncodePlan;
  target: string;
}): Promise<BareServer> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'bare-server-main.ts')],
    {
      env: { ...process.env, BARE_JOB: JSON.stringify(job) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.setEncoding('utf8').once('data', (line: string) => resolve(Number(line.trim())));
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return {
    convert: async (file, saveTo) => {
      const answer = await curlRequest(['--data-binary', `@${file}`, `http://127.0.0.1:${port}/`], saveTo);
      if (answer.status !== 200) throw new Error(`the bare server answered ${answer.status}`);
      return answer.ms;
    },
    close: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
