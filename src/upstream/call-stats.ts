/**
 * Process-wide tallies of calls to each outside system, kept where every call passes (the
 * HTTP client), so `/metrics` and `fantasy status` see all of them without the clients
 * knowing who reads. A failure also tells subscribers, which persist the last one so a later
 * `fantasy status` (another process) can show it.
 */

export interface UpstreamTally {
  /** requests asked of the client (a retried request counts once) */
  calls: number;
  /** attempts beyond the first */
  retries: number;
  /** requests that ended without a usable answer */
  failures: number;
}

export interface UpstreamFailureEvent {
  upstream: string;
  /** the UpstreamError message: kind, status, host; never a URL's query or a credential */
  message: string;
}

const tallies = new Map<string, UpstreamTally>();
const failureListeners = new Set<(event: UpstreamFailureEvent) => void>();

function tallyOf(upstream: string): UpstreamTally {
  let tally = tallies.get(upstream);
  if (!tally) tallies.set(upstream, (tally = { calls: 0, retries: 0, failures: 0 }));
  return tally;
}

export const upstreamCalls = {
  called(upstream: string): void {
    tallyOf(upstream).calls++;
  },
  retried(upstream: string): void {
    tallyOf(upstream).retries++;
  },
  failed(upstream: string, message: string): void {
    tallyOf(upstream).failures++;
    for (const listener of failureListeners) {
      try {
        listener({ upstream, message });
      } catch {
        // a listener that cannot record must never turn into the caller's failure
      }
    }
  },
  /** A copy of every tally so far, by upstream name. */
  snapshot(): Map<string, UpstreamTally> {
    return new Map([...tallies].map(([name, tally]) => [name, { ...tally }]));
  },
  /** Returns the unsubscribe function. */
  onFailure(listener: (event: UpstreamFailureEvent) => void): () => void {
    failureListeners.add(listener);
    return () => void failureListeners.delete(listener);
  },
};
