/**
 * Line-up versions (every save kept with its time) and the contract reads the line-up and
 * scoring-input use cases need. Contracts are written by the market; here they are only read.
 */
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from './database';
import { contracts, leagues, lineupVersions, teams } from './schema';

export type ContractRow = typeof contracts.$inferSelect;

export interface LineupVersion {
  teamId: string;
  schema: string;
  /** position → contract id, as stored */
  positions: Record<string, string>;
  savedAt: string;
}

/** SQLite caps bound parameters; batches of this size stay well under it. */
const IN_BATCH = 500;

function parsePositions(json: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const out: Record<string, string> = {};
    for (const [position, id] of Object.entries(value)) if (typeof id === 'string') out[position] = id;
    return out;
  } catch {
    return {};
  }
}

function toVersion(row: typeof lineupVersions.$inferSelect): LineupVersion {
  return { teamId: row.teamId, schema: row.schema, positions: parsePositions(row.positions), savedAt: row.savedAt };
}

/**
 * The team's newest line-up, or the newest saved strictly before `before` (an instant):
 * "the line-up that stood at" that instant. Same-instant saves are ordered by insertion.
 */
export function latestLineupVersion(db: Database, teamId: string, before?: string): LineupVersion | undefined {
  const where = before === undefined ? eq(lineupVersions.teamId, teamId) : and(eq(lineupVersions.teamId, teamId), lt(lineupVersions.savedAt, before));
  const row = db
    .select()
    .from(lineupVersions)
    .where(where)
    .orderBy(desc(lineupVersions.savedAt), desc(lineupVersions.id))
    .limit(1)
    .get();
  return row ? toVersion(row) : undefined;
}

/** For many teams at once: each team's version standing just before `before`. */
export function lineupVersionsStandingBefore(db: Database, teamIds: readonly string[], before: string): Map<string, LineupVersion> {
  const out = new Map<string, LineupVersion>();
  for (let i = 0; i < teamIds.length; i += IN_BATCH) {
    const batch = teamIds.slice(i, i + IN_BATCH);
    const rows = db
      .select()
      .from(lineupVersions)
      .where(
        and(
          inArray(lineupVersions.teamId, batch),
          eq(
            lineupVersions.id,
            sql`(select lv.id from lineup_versions lv where lv.team_id = ${lineupVersions.teamId} and lv.saved_at < ${before} order by lv.saved_at desc, lv.id desc limit 1)`,
          ),
        ),
      )
      .all();
    for (const row of rows) out.set(row.teamId, toVersion(row));
  }
  return out;
}

/** Appends a version; history is never rewritten, so past days keep the line-up they had. */
export function appendLineupVersion(db: Database, version: LineupVersion): void {
  db.insert(lineupVersions)
    .values({ teamId: version.teamId, schema: version.schema, positions: JSON.stringify(version.positions), savedAt: version.savedAt })
    .run();
}

/** Every contract the team ever held (any status), oldest holding first, then in purchase order. */
export function contractsOfTeam(db: Database, teamId: string): ContractRow[] {
  return db
    .select()
    .from(contracts)
    .where(eq(contracts.teamId, teamId))
    .orderBy(contracts.heldSince, contracts.createdAt, sql`${contracts}.rowid`)
    .all();
}

/** Every contract (any status) of the given teams, grouped by team. */
export function contractsOfTeams(db: Database, teamIds: readonly string[]): Map<string, ContractRow[]> {
  const out = new Map<string, ContractRow[]>();
  for (let i = 0; i < teamIds.length; i += IN_BATCH) {
    const batch = teamIds.slice(i, i + IN_BATCH);
    for (const row of db.select().from(contracts).where(inArray(contracts.teamId, batch)).all()) {
      const list = out.get(row.teamId);
      if (list) list.push(row);
      else out.set(row.teamId, [row]);
    }
  }
  return out;
}

export type LeagueRow = typeof leagues.$inferSelect;
export type TeamRow = typeof teams.$inferSelect;

/** Every league, oldest first: the scoring read side filters them by season (§4.3). */
export function allLeagues(db: Database): LeagueRow[] {
  return db.select().from(leagues).orderBy(leagues.createdAt, sql`${leagues}.rowid`).all();
}

/** Every team (departed ones included) of the given leagues, in join order. */
export function teamsOfLeagues(db: Database, leagueIds: readonly string[]): TeamRow[] {
  const out: TeamRow[] = [];
  for (let i = 0; i < leagueIds.length; i += IN_BATCH) {
    out.push(...db.select().from(teams).where(inArray(teams.leagueId, leagueIds.slice(i, i + IN_BATCH))).all());
  }
  return out;
}
