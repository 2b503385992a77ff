/**
 * A visitor's new connection is answered in its turn while keep-alive connections keep the
 * server busy (src/platform/http/request-turns.ts). Node accepts one new connection per turn of its
 * event loop; answering every ready request within one turn made newcomers wait behind
 * thousands of answers to the connections already open. Counted in answers, not timed: each
 * answer takes a millisecond of work, as a market read under load does, so a turn's budget
 * holds one or two of them.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../src/platform/http/server';
import { memoryLogger } from '../../src/platform/log';

const BUSY = 50;
const NEWCOMERS = 50;

let server: RunningServer;
let answered = 0;

beforeAll(async () => {
  server = await listen(
    () => {
      const until = performance.now() + 1;
      while (performance.now() < until);
      answered++;
      return new Response('ok');
    },
    '127.0.0.1',
    0,
    memoryLogger(),
  );
});

afterAll(() => server.close(1_000));

function get(agent: http.Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}/`, { agent }, (res) => {
        res.resume();
        res.on('end', resolve);
      })
      .once('error', reject);
  });
}

describe('a newcomer under load', () => {
  it('is answered after at most a few answers per connection already open, not thousands', async () => {
    const busyAgent = new http.Agent({ keepAlive: true, maxSockets: BUSY });
    let going = true;
    const busy = Array.from({ length: BUSY }, async () => {
      while (going) await get(busyAgent);
    });
    // the busy connections are open and answered
    while (answered < BUSY * 4) await new Promise((resolve) => setTimeout(resolve, 5));

    const newcomers = new http.Agent({ keepAlive: true, maxSockets: NEWCOMERS });
    const before = answered;
    await Promise.all(Array.from({ length: NEWCOMERS }, () => get(newcomers)));
    const meanwhile = answered - before - NEWCOMERS;
    going = false;
    await Promise.all(busy);
    busyAgent.destroy();
    newcomers.destroy();

    // Each newcomer waits for its accept (one a turn, a turn being one or two such answers) and
    // then for its place in line (at most one request per open connection): a few hundred.
    // Without the turns each accept waited for a whole turn of BUSY answers: about BUSY × NEWCOMERS.
    expect(meanwhile).toBeLessThan((BUSY * NEWCOMERS) / 4);
  });
});
