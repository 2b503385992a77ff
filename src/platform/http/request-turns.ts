/**
 * Requests are answered a few milliseconds' worth per turn of the event loop. Node (libuv 1.45
 * and later) accepts one new connection per turn, and a turn otherwise answers every request
 * ready on every open connection: under many busy keep-alive connections a turn grew long enough
 * that a visitor's new connection waited in the kernel's queue for seconds (bench/README.md,
 * the market shelf under load). Queued here instead, everyone waits in one
 * line in arrival order, and a turn ends (polling for connections) after about TURN_BUDGET_MS.
 * Cheap requests still share a turn, so the turn's fixed costs (a poll, a log write) are shared.
 *
 * The line is bounded by time, not length: once the request at its head has waited more than
 * MAX_WAIT_MS, or the event loop runs its timers more than MAX_LOOP_DELAY_MS late, a newcomer
 * is turned away at once (the listener answers 503 OVERLOADED with Retry-After) instead of
 * joining a line that only grows. Those already in line are still answered.
 */
export type Turn = () => void;

/** Why a newcomer was turned away: the line's head waited too long, or the loop itself is late. */
export type ShedReason = 'queue' | 'event-loop';

export interface TurnOptions {
  /** the clock the line is timed by, in milliseconds (performance.now unless a test holds one) */
  now?: () => number;
  /** how late the event loop runs right now, in milliseconds (measured unless a test gives it) */
  loopDelayMs?: () => number;
  /** told of every newcomer turned away (the metrics count them) */
  onShed?: (reason: ShedReason) => void;
}

export interface RequestTurns {
  /** queues the request's turn; false when the line is overloaded and the request must be refused */
  enter(turn: Turn): boolean;
  /** stops measuring the event loop (the listener has closed) */
  stop(): void;
}

const TURN_BUDGET_MS = 2;
export const MAX_WAIT_MS = 1_000;
export const MAX_LOOP_DELAY_MS = 1_000;
const LOOP_PROBE_MS = 200;

/**
 * How late a timer due every LOOP_PROBE_MS fires: the last one's delay, or how overdue the next
 * one already is, whichever is larger. A loop busy with long synchronous work shows it here
 * while the line (which only the loop's turns empty) cannot.
 */
function loopDelayProbe(): { delay: () => number; stop: () => void } {
  let due = performance.now() + LOOP_PROBE_MS;
  let last = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    last = Math.max(0, now - due);
    due = now + LOOP_PROBE_MS;
  }, LOOP_PROBE_MS);
  timer.unref();
  return { delay: () => Math.max(last, performance.now() - due), stop: () => clearInterval(timer) };
}

export function requestTurns(options: TurnOptions = {}): RequestTurns {
  const now = options.now ?? (() => performance.now());
  const probe = options.loopDelayMs ? null : loopDelayProbe();
  const loopDelay = options.loopDelayMs ?? probe!.delay;
  // at most one request per open connection waits here (Node reads a connection's next
  // request only after answering its last), so the line stays as short as the connections
  const waiting: Turn[] = [];
  const arrivedAt: number[] = [];
  let scheduled = false;
  // what a request has cost lately, its share of a whole turn (the poll, the reads, the
  // writes and its handler's awaited parts, which run after the turn's first steps)
  let msPerRequest = 0.1;
  let lastStart = 0;
  let lastCount = 0;
  const next = () => {
    const start = now();
    if (lastCount > 0) msPerRequest = 0.75 * msPerRequest + (0.25 * (start - lastStart)) / lastCount;
    const count = Math.max(1, Math.min(waiting.length, Math.floor(TURN_BUDGET_MS / msPerRequest)));
    const turns = waiting.splice(0, count);
    arrivedAt.splice(0, count);
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
  const overloaded = (arrival: number): ShedReason | null => {
    if (waiting.length > 0 && arrival - arrivedAt[0] > MAX_WAIT_MS) return 'queue';
    if (loopDelay() > MAX_LOOP_DELAY_MS) return 'event-loop';
    return null;
  };
  return {
    enter(turn) {
      const arrival = now();
      const shed = overloaded(arrival);
      if (shed) {
        options.onShed?.(shed);
        return false;
      }
      waiting.push(turn);
      arrivedAt.push(arrival);
      if (!scheduled) {
        scheduled = true;
        setImmediate(next);
      }
      return true;
    },
    stop: () => probe?.stop(),
  };
}
