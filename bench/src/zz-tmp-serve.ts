import { createServer } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import send from '@fastify/send';
import path from 'node:path';
const file = '/tmp/dlbench/big.mp4';
const size = statSync(file).size;
let hwm = 65536;
const server = createServer(async (req, res) => {
  const r = await send(req, path.basename(file), { root: path.dirname(file), highWaterMark: hwm });
  res.writeHead(r.statusCode, r.headers as Record<string, string>);
  r.stream.pipe(res);
});
await new Promise<void>((resolve) => server.listen(5712, '127.0.0.1', resolve));
for (const h of [65536, 1 << 20, 4 << 20]) {
  hwm = h;
  const a: string[] = [];
  for (let i = 0; i < 8; i++) {
    const c = process.cpuUsage();
    await new Promise<void>((resolve) => { import('node:http').then(({ get }) => get('http://127.0.0.1:5712/x', (res) => { res.on('data', () => {}); res.on('end', () => resolve()); })); });
    const u = process.cpuUsage(c);
    a.push(`${((u.user + u.system) / 1000).toFixed(0)}`);
  }
  console.log(h, a.join(' '), size);
}
server.close();
