/**
 * Wikimedia allows a few requests in flight per client, across every host and every caller
 * (external-apis §1.3). Clients built separately (service, calibration, engine) must still
 * queue behind one another, so the limiter lives here, once per process and limit.
 */
import { ConcurrencyLimiter } from '../limiter';

const limiters = new Map<number, ConcurrencyLimiter>();

export function sharedEncyclopediaLimiter(maxConcurrency: number): ConcurrencyLimiter {
  let limiter = limiters.get(maxConcurrency);
  if (!limiter) {
    limiter = new ConcurrencyLimiter(maxConcurrency);
    limiters.set(maxConcurrency, limiter);
  }
  return limiter;
}
