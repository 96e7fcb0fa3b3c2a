// The 200 hub clients of the fan-out benchmark, in a worker thread with their own event loop: real
// clients are browsers elsewhere, so their decoding must not compete with the server's fan-out.
// Protocol: workerData { origin, clients } (or { origins, clients }: clients spread over several
// API nodes in turn) -> posts 'ready' once all are connected; receives the
// batch id -> joins it on every socket; posts the receipts when every socket saw the batch end.
import { parentPort, workerData } from 'node:worker_threads';
import { hubEvents, hubPath } from '@grabbit/contracts';
import { io, type Socket } from 'socket.io-client';

/** One progress event seen by one client, at an absolute time comparable across threads. */
export interface HubReceipt {
  key: string;
  at: number;
}

const { origin, origins, clients } = workerData as { origin?: string; origins?: string[]; clients: number };
const nodes = origins ?? [origin ?? ''];
const port = parentPort;
if (!port) throw new Error('hub-clients-worker must run as a worker thread');

function connect(_: unknown, index: number): Promise<Socket> {
  const socket = io(nodes[index % nodes.length], {
    path: hubPath,
    transports: ['websocket'],
    forceNew: true,
  });
  return new Promise((resolve, reject) =>
    socket.once('connect', () => resolve(socket)).once('connect_error', reject),
  );
}

const sockets = await Promise.all(Array.from({ length: clients }, connect));
port.once('message', (batchId: string) => {
  const receipts: HubReceipt[] = [];
  const ended = sockets.map(
    (socket) =>
      new Promise<void>((resolve) => {
        // Joining answers the batch's current progress at once (state replay for late clients);
        // that answer comes before the join's acknowledgement and is not a fan-out delivery, so
        // only events received after the acknowledgement count.
        let joined = false;
        socket.on(hubEvents.batchProgress, (id: string, progress: number) => {
          if (joined)
            receipts.push({ key: `${id}:${progress}`, at: performance.timeOrigin + performance.now() });
        });
        socket.on(hubEvents.batchCompleted, () => resolve());
        socket.on(hubEvents.batchError, () => resolve());
        socket.emit(hubEvents.joinBatch, batchId, () => (joined = true));
      }),
  );
  void Promise.all(ended).then(() => {
    for (const socket of sockets) socket.disconnect();
    port.postMessage(receipts);
  });
});
port.postMessage('ready');
