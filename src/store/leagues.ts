import { and, desc, eq, gt, inArray, isNotNull, isNull, type Placeholder, sql } from 'drizzle-orm';
import { type Database, IN_BATCH, preparedOnce } from './database';
import { leagues, lineupVersions, players, teams } from './schema';

export type LeagueRow = typeof leagues.$inferSelect;
export type TeamRow = typeof teams.$inferSelect;
export type TeamWithPlayer = TeamRow & { playerName: string };

export function findLeague(db: Database, id: string): LeagueRow | undefined {
  return preparedOnce(db, 'findLeague', () => db.select().from(leagues).where(eq(leagues.id, sql.placeholder('id'))).prepare()).get({ id });
}

/** Current members only: departed teams stay in standings but not in `teamCount`. */
export function currentTeamCount(db: Database, leagueId: string): number {
  const row = db
    .select({ n: sql<number>`count(*)` })
    .from(teams)
    .where(and(eq(teams.leagueId, leagueId), isNull(teams.leftAt)))
    .get();
  return Number(row?.n ?? 0);
}

export function findTeam(db: Database, teamId: string): TeamRow | undefined {
  return preparedOnce(db, 'findTeam', () => db.select().from(teams).where(eq(teams.id, sql.placeholder('teamId'))).prepare()).get({ teamId });
}

/** The caller's current (not departed) team in a league. */
export function findCurrentTeam(db: Database, leagueId: string, playerId: string): TeamRow | undefined {
  // prepared once: every members-only read (head-to-head, activity) asks it before a kept answer
  const query = preparedOnce(db, 'findCurrentTeam', () =>
    db
      .select()
      .from(teams)
      .where(and(eq(teams.leagueId, sql.placeholder('leagueId')), eq(teams.playerId, sql.placeholder('playerId')), isNull(teams.leftAt)))
      .prepare(),
  );
  return query.get({ leagueId, playerId });
}

export function findTeamWithPlayer(db: Database, teamId: string): TeamWithPlayer | undefined {
  const row = db
    .select({ team: teams, playerName: players.name })
    .from(teams)
    .innerJoin(players, eq(players.id, teams.playerId))
    .where(eq(teams.id, teamId))
    .get();
  return row ? { ...row.team, playerName: row.playerName } : undefined;
}

/** Every team of a league, departed ones included, in join order. */
export function teamsOfLeague(db: Database, leagueId: string): TeamWithPlayer[] {
  return db
    .select({ team: teams, playerName: players.name })
    .from(teams)
    .innerJoin(players, eq(players.id, teams.playerId))
    .where(eq(teams.leagueId, leagueId))
    .orderBy(teams.joinedAt, teams.id)
    .all()
    .map((row) => ({ ...row.team, playerName: row.playerName }));
}

// ---- reads for the league and team endpoints -------------------------------------------

/** Current members per league, 0 for a league without any. */
export function currentTeamCounts(db: Database, leagueIds: readonly string[]): Map<string, number> {
  const out = new Map<string, number>(leagueIds.map((id) => [id, 0]));
  const distinct = [...out.keys()];
  for (let i = 0; i < distinct.length; i += IN_BATCH) {
    const rows = db
      .select({ leagueId: teams.leagueId, n: sql<number>`count(*)` })
      .from(teams)
      .where(and(inArray(teams.leagueId, distinct.slice(i, i + IN_BATCH)), isNull(teams.leftAt)))
      .groupBy(teams.leagueId)
      .all();
    for (const row of rows) out.set(row.leagueId, Number(row.n));
  }
  return out;
}

/** The league a (normalized) invitation code opens. */
export function findLeagueByCode(db: Database, code: string): LeagueRow | undefined {
  return db.select().from(leagues).where(eq(leagues.invitationCode, code)).get();
}

/** Leagues where the player has a current (not departed) team, most recently joined first. */
export function leaguesOfPlayer(db: Database, playerId: string): LeagueRow[] {
  return db
    .select({ league: leagues })
    .from(teams)
    .innerJoin(leagues, eq(leagues.id, teams.leagueId))
    .where(and(eq(teams.playerId, playerId), isNull(teams.leftAt)))
    .orderBy(desc(teams.joinedAt), leagues.id)
    .all()
    .map((row) => row.league);
}

/**
 * §6.7 public shelf: public, not closed, season not over, newest start first. Instants are
 * stored as `toISOString()` text, so comparing strings compares instants.
 */
export function publicLeagues(db: Database, now: Date, limit: number): LeagueRow[] {
  return db.select().from(leagues).where(publicInSeason(now.toISOString())).orderBy(...PUBLIC_ORDER).limit(limit).all();
}

/**
 * The id and version of each league `publicLeagues` answers, as one text ("id version" pairs,
 * space-separated; empty for an empty shelf), without the rows: what the public shelf's
 * cached answer is tagged with (a league's version moves with everything its League form
 * shows, its team count included). Joined in SQL: read on every request for the shelf, the
 * rows handed to JavaScript one by one cost more than the query.
 */
export function publicShelfTag(db: Database, now: Date, limit: number): string {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`a shelf limit must be a whole number, not ${limit}`);
  // The limit is written into the statement, not bound: SQLite plans a bound LIMIT here at
  // about twice the cost (its sorter cannot stop early), on every read of the shelf.
  const query = preparedOnce(db, `publicShelfTag:${limit}`, () => {
    const shelf = db
      .select({ id: leagues.id, version: leagues.version })
      .from(leagues)
      .where(publicInSeason(sql.placeholder('now')))
      .orderBy(...PUBLIC_ORDER);
    return db
      .select({ tag: sql<string | null>`group_concat(id || ' ' || version, ' ')` })
      .from(sql`(select id, version from ${shelf} limit ${sql.raw(String(limit))}) as shelf`)
      .prepare();
  });
  return query.get({ now: now.toISOString() })?.tag ?? '';
}

function publicInSeason(now: string | Placeholder) {
  return and(eq(leagues.visibility, 'public'), isNull(leagues.closedAt), gt(leagues.endDate, now));
}

const PUBLIC_ORDER = [desc(leagues.startDate), desc(leagues.createdAt), leagues.id] as const;

/** The player's team in the league, current or departed (a rejoin reuses it). */
export function findTeamOfPlayer(db: Database, leagueId: string, playerId: string): TeamRow | undefined {
  return db
    .select()
    .from(teams)
    .where(and(eq(teams.leagueId, leagueId), eq(teams.playerId, playerId)))
    .get();
}

/** The team (current or departed) holding a case-folded name in the league. */
export function findTeamByNameKey(db: Database, leagueId: string, nameKey: string): TeamRow | undefined {
  return db
    .select()
    .from(teams)
    .where(and(eq(teams.leagueId, leagueId), eq(teams.nameKey, nameKey)))
    .get();
}

/** The current member who joined first (§6.6 admin hand-over). */
export function earliestCurrentMember(db: Database, leagueId: string): TeamRow | undefined {
  return db
    .select()
    .from(teams)
    .where(and(eq(teams.leagueId, leagueId), isNull(teams.leftAt)))
    .orderBy(teams.joinedAt, teams.id)
    .get();
}

// ---- writes (callers run them inside writeTransaction) ----------------------------------

export type NewLeague = typeof leagues.$inferInsert;

export function insertLeague(db: Database, row: NewLeague): LeagueRow {
  return db.insert(leagues).values(row).returning().get();
}

/** A new team with its first line-up version, saved at the moment it joined. */
export function insertTeamWithLineup(
  db: Database,
  team: { id: string; leagueId: string; playerId: string; name: string; nameKey: string; joinedAt: string },
  lineup: { schema: string; positions: Readonly<Record<string, string>> },
): TeamRow {
  const row = db
    .insert(teams)
    .values({ ...team, leftAt: null })
    .returning()
    .get();
  db.insert(lineupVersions).values({ teamId: row.id, schema: lineup.schema, positions: JSON.stringify(lineup.positions), savedAt: team.joinedAt }).run();
  return row;
}

/** §6.5 rejoin: the departed row comes back under its (possibly new) name; seniority kept. */
export function rejoinTeam(db: Database, teamId: string, name: string, nameKey: string): boolean {
  const result = db
    .update(teams)
    .set({ leftAt: null, name, nameKey })
    .where(and(eq(teams.id, teamId), isNotNull(teams.leftAt)))
    .run();
  return result.changes === 1;
}

/** Records a departure; false when the team had already left. */
export function markTeamLeft(db: Database, teamId: string, at: string): boolean {
  const result = db
    .update(teams)
    .set({ leftAt: at })
    .where(and(eq(teams.id, teamId), isNull(teams.leftAt)))
    .run();
  return result.changes === 1;
}

export function setLeagueAdmin(db: Database, leagueId: string, playerId: string): void {
  db.update(leagues).set({ adminId: playerId }).where(eq(leagues.id, leagueId)).run();
}

/** Deletes the league; teams, contracts, ledger, line-ups, performances and notifications cascade. */
export function deleteLeague(db: Database, leagueId: string): void {
  db.delete(leagues).where(eq(leagues.id, leagueId)).run();
}

/** §6.4 close, guarded on the caller being admin and the league still open; false when refused. */
export function closeLeagueIfAdmin(db: Database, leagueId: string, adminId: string, at: string): boolean {
  const result = db
    .update(leagues)
    .set({ closedAt: at })
    .where(and(eq(leagues.id, leagueId), eq(leagues.adminId, adminId), isNull(leagues.closedAt)))
    .run();
  return result.changes === 1;
}

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

/** Many teams with their players' names, in statements of IN_BATCH ids (contract lists, in-boxes). */
export function teamsWithPlayersByIds(db: Database, teamIds: readonly string[]): Map<string, TeamWithPlayer> {
  const distinct = [...new Set(teamIds)];
  const out = new Map<string, TeamWithPlayer>();
  for (let i = 0; i < distinct.length; i += IN_BATCH) {
    const rows = db
      .select({ team: teams, playerName: players.name })
      .from(teams)
      .innerJoin(players, eq(players.id, teams.playerId))
      .where(inArray(teams.id, distinct.slice(i, i + IN_BATCH)))
      .all();
    for (const row of rows) out.set(row.team.id, { ...row.team, playerName: row.playerName });
  }
  return out;
}

/** Many leagues by id, in statements of IN_BATCH ids. */
export function leaguesByIds(db: Database, leagueIds: readonly string[]): Map<string, LeagueRow> {
  const distinct = [...new Set(leagueIds)];
  const out = new Map<string, LeagueRow>();
  for (let i = 0; i < distinct.length; i += IN_BATCH) {
    for (const row of db.select().from(leagues).where(inArray(leagues.id, distinct.slice(i, i + IN_BATCH))).all()) out.set(row.id, row);
  }
  return out;
}
