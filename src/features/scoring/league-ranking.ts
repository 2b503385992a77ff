/**
 * Writing a league's kept ranks after its points or teams changed, without holding the
 * write lock while a 100,000-team league is sorted: the totals are read in one read
 * transaction, ranked in memory, and only the ranks that changed are written, a bounded batch
 * per write transaction, each guarded by the league version read with the totals. A write in
 * between (an ingest chunk) moves the version: the stale ranking is dropped and done again.
 */
import { changedRanks, rankTeams, type StandingEntry } from '../../domain/standings';
import { type Database, writeTransaction } from '../../platform/db/database';
import { clearRanksStale, currentLeagueVersion, ranksStale, readLeagueTotals, writeRanks } from './standings-store';

/**
 * A write transaction of ranks ends after this many rows or RANK_WRITE_MS, whichever comes
 * first: a short lock hold even on a busy machine, so an ingest chunk never waits long, yet
 * batches large enough that a page is not rewritten by many commits.
 */
export const RANK_WRITE_BATCH = 10_000;
const RANK_WRITE_MS = 200;
/**
 * Ranks handed to the store at once: one statement on PostgreSQL (a round trip per team cost
 * more than the ranking), a few milliseconds of prepared runs on SQLite, so the time bound
 * above is checked often enough either way.
 */
const RANK_WRITE_SET = 2_000;
/** Rankings dropped because the version moved, before one is done under the write lock. */
const RANK_ATTEMPTS = 3;

/**
 * Writes `changes` (ranks computed from totals read at `version`) in batches of at most
 * `batchSize` rows (fewer when RANK_WRITE_MS runs out), one write transaction each, and
 * clears the stale flag with the last. Every batch first checks the version: if it moved,
 * nothing more is written and the answer is false (the league stays stale, so the next read
 * ranks it again from the new totals).
 */
export async function writeRanksIfCurrent(
  db: Database,
  leagueId: string,
  version: number,
  changes: readonly StandingEntry[],
  batchSize = RANK_WRITE_BATCH,
): Promise<boolean> {
  let next = 0;
  do {
    const written = await writeTransaction(db, async (tx) => {
      if (await currentLeagueVersion(tx, leagueId) !== version) return false;
      const started = performance.now();
      const end = Math.min(changes.length, next + batchSize);
      while (next < end) {
        const upTo = Math.min(end, next + RANK_WRITE_SET);
        await writeRanks(tx, leagueId, changes.slice(next, upTo));
        next = upTo;
        if (performance.now() - started >= RANK_WRITE_MS) break;
      }
      if (next >= changes.length) await clearRanksStale(tx, leagueId);
      return true;
    }, { leagues: [leagueId] });
    if (!written) return false;
  } while (next < changes.length);
  return true;
}

/**
 * Writes every team's rank and rank change if the league's points or teams changed since the
 * last ranking. Should the version move under every attempt, the last one ranks inside one
 * write transaction, where nothing can move it.
 */
export async function rankLeagueIfStale(db: Database, leagueId: string, batchSize = RANK_WRITE_BATCH): Promise<void> {
  // the flag alone first: reading every team's totals only to find the ranks current cost
  // every uncached read (a page, around=me) half a second in a 100,000-team league
  if (!(await ranksStale(db, leagueId))) return;
  for (let attempt = 0; attempt < RANK_ATTEMPTS; attempt++) {
    const totals = await readLeagueTotals(db, leagueId);
    if (!totals?.stale) return;
    if (await writeRanksIfCurrent(db, leagueId, totals.version, changedRanks(totals.teams, rankTeams(totals.teams)), batchSize)) return;
  }
  await writeTransaction(db, async (tx) => {
    const totals = await readLeagueTotals(tx, leagueId);
    if (!totals?.stale) return;
    await writeRanksIfCurrent(tx, leagueId, totals.version, changedRanks(totals.teams, rankTeams(totals.teams)), Number.MAX_SAFE_INTEGER);
  }, { leagues: [leagueId] });
}
