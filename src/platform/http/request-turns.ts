/** Node accepts one connection per loop turn, so busy keep-alive traffic could starve new connections; here everyone waits in one line, bounded by time (503 OVERLOADED beyond). */
export type Turn = () => void;

/** Why a newcomer was turned away: the line's head waited too long, or the loop itself is late. */
export type ShedReason = 'queue' | 'event-loop';

export interface TurnOptions {
  now?: () => number;
  /** measured unless a test gives it */
  loopDelayMs?: () => number;
  /** the metrics count them */
  onShed?: (reason: ShedReason) => void;
}

export interface RequestTurns {
  /** false when the line is overloaded, unless the request may not be shed */
  enter(turn: Turn, sheddable?: boolean): boolean;
  stop(): void;
}

const TURN_BUDGET_MS = 2;
export const MAX_WAIT_MS = 1_000;
export const MAX_LOOP_DELAY_MS = 1_000;
const LOOP_PROBE_MS = 200;

/** A loop busy with long synchronous work shows here while the line (which only the loop's turns empty) cannot. */
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
  // Node reads a connection's next request only after answering its last, so the line is at most one per connection
  const waiting: Turn[] = [];
  const arrivedAt: number[] = [];
  let scheduled = false;
  // a request's share of a whole turn, its handler's awaited parts included
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
    enter(turn, sheddable = true) {
      const arrival = now();
      const shed = sheddable ? overloaded(arrival) : null;
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
