/**
 * The app's answer to a busy server. When the service sheds a read (503 OVERLOADED) or cannot
 * reach its database (503 DATABASE_UNAVAILABLE), it says when to come back (Retry-After). A read
 * is asked again after that wait plus a random share of it, so that the thousands of phones
 * turned away in the same second do not all come back in the same second; while a read waits,
 * the screen says so. A write is never asked again behind the player's back: a buy or a sale
 * the service may or may not have taken is the player's to repeat, and the refusal says so.
 */
import { signal } from '@preact/signals';

/** Reads asked again at most this many times; then the screen shows the refusal and its own "Try again". */
export const MAX_RETRIES = 3;
/** A Retry-After longer than this is not waited for by a screen a player is looking at. */
const LONGEST_WAIT_S = 30;

/** Methods that change nothing: asking again cannot spend credits twice. */
const SAFE = new Set(['GET', 'HEAD']);

/** Reads waiting to be asked again; the frame shows a notice while there are any. */
export const waitingReads = signal(0);

/** Seconds to wait before the next try: Retry-After, plus full random jitter of the same size. */
export function retryDelayMs(retryAfterSeconds: number, random: () => number = Math.random): number {
  return (retryAfterSeconds + random() * retryAfterSeconds) * 1000;
}

/** Retry-After in seconds (the service sends delta-seconds), or undefined when absent or unusable. */
function retryAfterOf(response: Response): number | undefined {
  const raw = response.headers.get('retry-after');
  if (raw === null || !/^\d+$/.test(raw.trim())) return undefined;
  const seconds = Number(raw);
  return seconds <= LONGEST_WAIT_S ? seconds : undefined;
}

function methodOf(input: RequestInfo | URL, init?: RequestInit): string {
  return (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `fetch`, asking a read again when the service turns it away for a while. */
export async function fetchRetryingReads(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const safe = SAFE.has(methodOf(input, init));
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(input, init);
    if (!safe || response.status !== 503 || attempt >= MAX_RETRIES) return response;
    const seconds = retryAfterOf(response);
    if (seconds === undefined) return response;
    // the body is not read: let the connection go back to the pool
    void response.body?.cancel().catch(() => {});
    waitingReads.value++;
    try {
      await pause(retryDelayMs(seconds));
    } finally {
      waitingReads.value--;
    }
  }
}
