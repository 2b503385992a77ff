/**
 * Keeps each league's ranks written when its points or teams change, so that no read ranks
 * or writes. Writers say which leagues changed; once a league's changes pause for a moment
 * (a scoring engine posts a day in many bodies), its ranks are written in the background, in
 * bounded batches (./league-ranking.ts). Until then, and after a crash that left a league
 * stale, readers rank the league in memory from its totals: the same answer, written nowhere.
 */
import type { Logger } from '../../platform/log';
import type { Database } from '../../platform/db/database';
import { rankLeagueIfStale } from './league-ranking';
import { staleRankedLeagues } from './stale-ranks-store';

export interface RankKeeperDeps {
  db: Database;
  log: Logger;
  /** how long a league's changes must pause before its ranks are written */
  quietMs?: number;
}

const QUIET_MS = 500;

/** Told after a league's ranks are written; a flush waits for it. */
export type RankedListener = (leagueId: string) => Promise<void>;

export class RankKeeper {
  private readonly due = new Map<string, NodeJS.Timeout>();
  private readonly listeners = new Set<RankedListener>();
  private work: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly deps: RankKeeperDeps) {}

  /** Call after the transaction that changed these leagues' points or teams has committed. */
  changed(leagueIds: Iterable<string>): void {
    if (this.closed) return;
    for (const leagueId of leagueIds) {
      clearTimeout(this.due.get(leagueId));
      const timer = setTimeout(() => this.rank(leagueId), this.deps.quietMs ?? QUIET_MS);
      timer.unref();
      this.due.set(leagueId, timer);
    }
  }

  /**
   * `listener` runs after each league's ranks are written, before a flush returns: what the
   * league's first readers ask for can be made ready by the job that moved it, not by them.
   * Returns how to stop telling it.
   */
  whenRanked(listener: RankedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Writes the ranks of every league changed so far, and of any left stale (a crash, a restart). */
  async flush(): Promise<void> {
    for (const leagueId of [...this.due.keys(), ...(await staleRankedLeagues(this.deps.db))]) this.rank(leagueId);
    await this.work;
  }

  /** Stops waiting: pending leagues stay stale (readers rank them in memory) and the next flush writes them. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.due.values()) clearTimeout(timer);
    this.due.clear();
    await this.work;
  }

  private rank(leagueId: string): void {
    clearTimeout(this.due.get(leagueId));
    this.due.delete(leagueId);
    this.work = this.work
      .then(async () => {
        await rankLeagueIfStale(this.deps.db, leagueId);
        await this.tellRanked(leagueId);
      })
      .catch((error: unknown) => this.deps.log.warn('ranks not written; readers rank the league in memory until the next change', { leagueId, errorMessage: messageOf(error) }));
  }

  private async tellRanked(leagueId: string): Promise<void> {
    for (const listener of this.listeners) {
      // a listener's failure costs its first reader some time, never the ranks
      await listener(leagueId).catch((error: unknown) => this.deps.log.warn('kept answers not made ready; the first reader produces them', { leagueId, errorMessage: messageOf(error) }));
    }
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
