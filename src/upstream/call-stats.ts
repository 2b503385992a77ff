/** Kept where every call passes (the HTTP client), so `/metrics` and `fantasy status` see all calls without the clients knowing who reads. */

export interface UpstreamTally {
  /** a retried request counts once */
  calls: number;
  retries: number;
  failures: number;
}

export interface UpstreamFailureEvent {
  upstream: string;
  /** kind, status, host; never a URL's query or a credential */
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
  snapshot(): Map<string, UpstreamTally> {
    return new Map([...tallies].map(([name, tally]) => [name, { ...tally }]));
  },
  onFailure(listener: (event: UpstreamFailureEvent) => void): () => void {
    failureListeners.add(listener);
    return () => void failureListeners.delete(listener);
  },
};
