import { describe, expect, it } from 'vitest';
import { listen } from '../../src/platform/http/server';
import { memoryLogger } from '../../src/platform/log';

describe('stopping the server', () => {
  it('finishes a request in flight, then refuses new connections', async () => {
    let release: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const server = await listen(
      async () => {
        entered();
        await started;
        return Response.json({ done: true });
      },
      '127.0.0.1',
      0,
      memoryLogger(),
    );
    const inFlight = fetch(`${server.url}/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await inside;
    const closed = server.close(5_000);
    release();
    expect(await inFlight).toEqual({ status: 200, body: { done: true } });
    await closed;
    await expect(fetch(`${server.url}/again`)).rejects.toThrow();
  });
});
