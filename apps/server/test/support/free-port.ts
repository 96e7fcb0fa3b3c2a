// A free TCP port on 127.0.0.1, for servers that cannot listen on port 0 themselves (redis-server):
// the system picks one for a throw-away listener, which is closed before the port is handed out.
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
