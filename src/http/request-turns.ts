/**
 * Requests are answered a few milliseconds' worth per turn of the event loop. Node (libuv 1.45
 * and later) accepts one new connection per turn, and a turn otherwise answers every request
 * ready on every open connection: under 200 busy keep-alive connections a turn lasted ~85 ms,
 * so a visitor's new connection waited in the kernel's queue for seconds (measured in `npm run
 * bench capacity`, the market shelf under load). Queued here instead, everyone waits in one
 * line in arrival order, and a turn ends (polling for connections) after about TURN_BUDGET_MS.
 * Cheap requests still share a turn, so the turn's fixed costs (a poll, a log write) are shared.
 */
export type Turn = () => void;

const TURN_BUDGET_MS = 2;

export function requestTurns(): (turn: Turn) => void {
  // at most one request per open connection waits here (Node reads a connection's next
  // request only after answering its last), so the line stays as short as the connections
  const waiting: Turn[] = [];
  let scheduled = false;
  // what a request has cost lately, its share of a whole turn (the poll, the reads, the
  // writes and its handler's awaited parts, which run after the turn's first steps)
  let msPerRequest = 0.1;
  let lastStart = 0;
  let lastCount = 0;
  const next = () => {
    const start = performance.now();
    if (lastCount > 0) msPerRequest = 0.75 * msPerRequest + (0.25 * (start - lastStart)) / lastCount;
    const count = Math.max(1, Math.min(waiting.length, Math.floor(TURN_BUDGET_MS / msPerRequest)));
    const turns = waiting.splice(0, count);
    if (waiting.length > 0) {
      lastStart = start;
      lastCount = count;
      setImmediate(next);
    } else {
      // the loop may now idle: the time until the next request is no request's cost
      lastCount = 0;
      scheduled = false;
    }
    for (const turn of turns) turn();
  };
  return (turn) => {
    waiting.push(turn);
    if (!scheduled) {
      scheduled = true;
      setImmediate(next);
    }
  };
}
