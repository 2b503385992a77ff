/**
 * Requests are answered one per turn of the event loop. Node (libuv 1.45 and later) accepts
 * one new connection per turn, and a turn otherwise answers every request ready on every
 * open connection: under 200 busy keep-alive connections a turn lasted ~85 ms, so a visitor's
 * new connection waited in the kernel's queue for seconds (measured in `npm run bench
 * capacity`, the market shelf under load). Queued here instead, each answer is followed by a
 * poll that accepts the next connection, and everyone waits in one line in arrival order.
 */
export type Turn = () => void;

export function requestTurns(): (turn: Turn) => void {
  // at most one request per open connection waits here (Node reads a connection's next
  // request only after answering its last), so the line stays as short as the connections
  const waiting: Turn[] = [];
  let scheduled = false;
  const next = () => {
    const turn = waiting.shift()!;
    // the next one goes to the following turn of the loop, after its poll for connections
    if (waiting.length > 0) setImmediate(next);
    else scheduled = false;
    turn();
  };
  return (turn) => {
    waiting.push(turn);
    if (!scheduled) {
      scheduled = true;
      setImmediate(next);
    }
  };
}
