// The real server, compiled as `npm start` runs it, as its own process for the benchmarks (so its
// memory can be measured apart from the client, and the client's work never runs on the server's
// event loop), plus a streaming multipart client that never holds a file in memory.
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';

import { buildServer, serverDist, serverNodeFlags } from '../../scripts/build-server.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const serverEntry = path.join(serverDist, 'server.js');

export interface BenchServer {
  base: string;
  pid: number;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The compiled server as `npm start` runs it (built first when its sources changed), with the
 * benchmarks' settings plus `env`. One process (no wrapper), so its pid is the server's own memory.
 */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<BenchServer> {
  await buildServer({ quiet: true });
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags, serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // The benchmarks measure speed from one address, not the per-client limits.
      RATE_LIMIT_API_PER_MINUTE: '1000000',
      RATE_LIMIT_JOBS_PER_MINUTE: '1000000',
      RATE_LIMIT_PREVIEWS_PER_MINUTE: '1000000',
      MAX_ACTIVE_JOBS_PER_CLIENT: '1000000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/health`)).status < 600) break;
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    base,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** Resident memory of a process in bytes (Linux). */
export async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

export interface ConvertAnswer {
  status: number;
  bytes: number;
  ms: number;
}

/** Posts a file the way the converter page does (fields first, InputFile last), streamed from disk. */
export async function convertOverHttp(
  base: string,
  endpoint: string,
  file: string,
  outputFormat: string,
  saveTo?: string,
): Promise<ConvertAnswer> {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="OutputFormat"\r\n\r\n${outputFormat}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="Quality"\r\n\r\nhigh\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="InputFile"; filename="${path.basename(file)}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = (await stat(file)).size;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(`${base}${endpoint}`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + size + tail.length),
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      const done = () => resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - started });
      // Saving: the time runs until the file is on disk, as for the engines run alone.
      if (saveTo && res.statusCode === 200)
        res
          .pipe(createWriteStream(saveTo, { highWaterMark: 1024 * 1024 }))
          .once('finish', done)
          .once('error', reject);
      else res.on('end', done);
    });
    req.write(head);
    const body = createReadStream(file, { highWaterMark: 1024 * 1024 });
    body.on('error', reject);
    body.on('end', () => req.end(tail));
    body.pipe(req, { end: false });
  });
}

/**
 * The same upload made by curl, a client in its own process that streams the file and saves the
 * answer to disk, as a visitor's browser does. The time is curl's own `time_total`, from the
 * connection to the last byte saved: a browser is already running when the visitor converts, so
 * curl's start-up (~10-20 ms, as much as a small conversion's HTTP cost) is not billed to the API.
 * Node's own client, in the benchmark's process, would be: for 60 MB it doubled the measured time
 * by copying each way, and for a 12 MP image it added ~10 ms.
 */
export function convertWithCurl(
  base: string,
  endpoint: string,
  file: string,
  outputFormat: string,
  saveTo: string,
): Promise<ConvertAnswer> {
  const form = [
    '--form',
    `OutputFormat=${outputFormat}`,
    '--form',
    'Quality=high',
    '--form',
    `InputFile=@${file}`,
  ];
  return curlRequest([...form, `${base}${endpoint}`], saveTo);
}

/** One request by curl (its `args`: the body and the address), the answer saved to `saveTo`. */
export async function curlRequest(args: string[], saveTo: string): Promise<ConvertAnswer> {
  const { stdout } = await new Promise<{ stdout: string }>((resolve, reject) => {
    const child = spawn(
      'curl',
      [
        '--silent',
        '--show-error',
        '--output',
        saveTo,
        '--write-out',
        '%{http_code} %{size_download} %{time_total}',
        ...args,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.once('error', reject).once('close', () => resolve({ stdout: out }));
  });
  const [status = 0, bytes = 0, seconds = 0] = stdout.trim().split(' ').map(Number);
  return { status, bytes, ms: seconds * 1000 };
}
