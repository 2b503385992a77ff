/**
 * A loopback receiver of webhooks (or push messages) that misbehaves the two ways a sender must
 * survive: `hang` takes every request and answers none until the test releases them; `stream`
 * answers 200 and sends a body that never ends, as fast as the sender reads it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StallingReceiver {
  url: string;
  /** requests whose body has arrived, answered or not */
  received: number;
  /** requests held open, unanswered, right now */
  holding(): number;
  /** bytes of the endless body handed to the connection before the sender hung up */
  streamed(): number;
  /** whether every endless body has been hung up on */
  hungUp(): boolean;
  /** answers every held request 200 (and any later one at once) */
  release(): void;
  close(): Promise<void>;
}

const CHUNK = Buffer.alloc(64 * 1024, 'x');

export async function startStallingReceiver(mode: 'hang' | 'stream'): Promise<StallingReceiver> {
  const held = new Set<http.ServerResponse>();
  const streams = new Set<http.ServerResponse>();
  let streamed = 0;
  let released = false;
  let received = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      if (mode === 'stream') {
        streams.add(res);
        res.on('close', () => streams.delete(res));
        res.writeHead(200, { 'content-type': 'text/plain' });
        const pump = () => {
          while (!res.destroyed && res.write(CHUNK)) streamed += CHUNK.length;
          if (!res.destroyed) streamed += CHUNK.length;
        };
        res.on('drain', pump);
        pump();
        return;
      }
      if (released) return void res.writeHead(200).end('ok');
      held.add(res);
      res.on('close', () => held.delete(res));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get received() {
      return received;
    },
    holding: () => held.size,
    streamed: () => streamed,
    hungUp: () => streams.size === 0,
    release() {
      released = true;
      for (const res of held) res.writeHead(200).end('ok');
    },
    close: async () => {
      for (const res of [...held, ...streams]) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
