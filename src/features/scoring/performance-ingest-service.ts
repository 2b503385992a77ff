/**
 * `POST /internal/v1/performances` and `fantasy import-performances`: raw facts in,
 * points out, through the one scoring formula. Every row of a request is checked before
 * anything is written, so a bad row never leaves half a day behind.
 */
import type { RankKeeper } from './rank-keeper';
import type { Clock } from '../../platform/clock';
import { fail } from '../../domain/errors';
import { normalizeFormationSnapshot, teamScore } from '../../domain/scoring';
import type { Database } from '../../platform/db/database';
import { writeTransaction } from '../../platform/db/database';
import { markStandingsChanged } from '../leagues/league-versions-store';
import { type PerformanceWrite, scalesOfTeams, upsertPerformances } from './store';
import type { PerformanceIngest, PerformanceIngestResult } from './wire';
import { findLeague, type LeagueRow } from '../leagues/store';
import { isHeadToHead, keepRoundsOfPerformances } from '../head-to-head/service';

/** The engine posts at most this many rows at a time (one body, one transaction). */
export const INGEST_CHUNK = 100;

/**
 * Rows per transaction when a file or a whole day is written at once. Each commit rewrites
 * the pages a chunk dirtied in four team-keyed B-trees, so larger transactions cost far less
 * per row; 5,000 rows still hold the write lock for tens of milliseconds, well inside the
 * busy timeout of a server writing beside the import.
 */
export const IMPORT_TRANSACTION_ROWS = 5_000;

export interface PerformanceIngestServiceDeps {
  db: Database;
  clock: Clock;
  /** writes the changed leagues' ranks once the day's bodies pause */
  ranks: RankKeeper;
}

export interface IngestOptions {
  /** rows accepted in one body; the HTTP route uses INGEST_CHUNK, files may hold a whole day */
  maxRows?: number;
  /** told after each chunk written: rows written so far, rows in all */
  onProgress?: (done: number, total: number) => void;
}

function byTeamThenDate(a: PerformanceWrite, b: PerformanceWrite): number {
  if (a.teamId !== b.teamId) return a.teamId < b.teamId ? -1 : 1;
  return a.date < b.date ? -1 : a.date > b.date ? 1 : 0;
}

export class PerformanceIngestService {
  constructor(private readonly deps: PerformanceIngestServiceDeps) {}

  /** Writes now the ranks of every league ingested so far (a whole day's collect or import is in). */
  writeRanks(): Promise<void> {
    return this.deps.ranks.flush();
  }

  /** One `PerformanceIngest` body, its shape already checked (wire/internal.ts). */
  async ingest(body: PerformanceIngest, options: IngestOptions = {}): Promise<PerformanceIngestResult> {
    return this.ingestAll([body], options);
  }

  /**
   * Several bodies (the lines of an import file): all are validated before the first write,
   * then rows are written in chunks of `IMPORT_TRANSACTION_ROWS`, one transaction each, in
   * (team, date) order. A request body (at most INGEST_CHUNK rows) is one transaction.
   */
  async ingestAll(bodies: readonly PerformanceIngest[], options: IngestOptions = {}): Promise<PerformanceIngestResult> {
    const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
    for (const body of bodies) if (body.results.length > maxRows) fail('INGEST_INVALID', `more than ${maxRows} results`);
    const teamIds: string[] = [];
    for (const body of bodies) for (const row of body.results) teamIds.push(row.teamId);
    const scales = await scalesOfTeams(this.deps.db, teamIds);
    for (const teamId of teamIds) if (!scales.has(teamId)) fail('INGEST_INVALID', `unknown team ${teamId}`);

    const scored: PerformanceWrite[] = [];
    for (const body of bodies) {
      for (const row of body.results) {
        scored.push({
          teamId: row.teamId,
          date: body.date,
          formationSnapshot: normalizeFormationSnapshot(row.formationSnapshot),
          articleViews: row.articleViews,
          chemistryLevels: row.chemistryLevels,
          points: teamScore({ articleViews: row.articleViews, chemistryLevels: row.chemistryLevels, languageScale: scales.get(row.teamId)!.languageScale }),
        });
      }
    }
    // Written in (team, date) order: the indexes are keyed by team, so a chunk of neighbouring
    // teams dirties a few pages instead of one per row, and each commit writes that much less.
    // The sort is stable: a (team, date) sent twice is still written last as sent last.
    const writes = scored.sort(byTeamThenDate);
    const at = this.deps.clock.now();
    const now = at.toISOString();
    // head-to-head leagues also keep each team's round points and finish the rounds completed
    const headToHead = new Map<string, LeagueRow>();
    for (const leagueId of new Set([...scales.values()].map((scale) => scale.leagueId))) {
      const league = await findLeague(this.deps.db, leagueId);
      if (league !== undefined && isHeadToHead(league)) headToHead.set(league.id, league);
    }
    for (let i = 0; i < writes.length; i += IMPORT_TRANSACTION_ROWS) {
      const chunk = writes.slice(i, i + IMPORT_TRANSACTION_ROWS);
      // the chunk's leagues, each with its rows (one league, as a rule)
      const byLeague = new Map<string, PerformanceWrite[]>();
      for (const write of chunk) {
        const leagueId = scales.get(write.teamId)!.leagueId;
        const rows = byLeague.get(leagueId);
        if (rows) rows.push(write);
        else byLeague.set(leagueId, [write]);
      }
      await writeTransaction(this.deps.db, async (tx) => {
        await upsertPerformances(tx, chunk, now);
        for (const [leagueId, rows] of byLeague) {
          await markStandingsChanged(tx, leagueId);
          const league = headToHead.get(leagueId);
          if (league) await keepRoundsOfPerformances(tx, league, rows, at);
        }
      }, { leagues: [...byLeague.keys()] });
      this.deps.ranks.changed(byLeague.keys());
      options.onProgress?.(i + chunk.length, writes.length);
    }
    return { written: writes.length };
  }
}
