import { and, desc, eq, gt, inArray, isNotNull, isNull, type Placeholder, sql } from 'drizzle-orm';
import { type Database, IN_BATCH, preparedOnce, writeTransaction } from './database';
import { leagues, lineupVersions, players, teams } from './schema';

export type LeagueRow = typeof leagues.$inferSelect;
export type TeamRow = typeof teams.$inferSelect;
export type TeamWithPlayer = TeamRow & { playerName: string };

export async function findLeague(db: Database, id: string): Promise<LeagueRow | undefined> {
  return preparedOnce(db, 'findLeague', () => db.select().from(leagues).where(eq(leagues.id, sql.placeholder('id'))).prepare()).get({ id });
}

/** Current members only: departed teams stay in standings but not in `teamCount`. */
export async function currentTeamCount(db: Database, leagueId: string): Promise<number> {
  const row = db
    .select({ n: sql<number>`count(*)` })
    .from(teams)
    .where(and(eq(teams.leagueId, leagueId), isNull(teams.leftAt)))
    .get();
  return Number(row?.n ?? 0);
}

export async function findTeam(db: Database, teamId: string): Promise<TeamRow | undefined> {
  return preparedOnce(db, 'findTeam', () => db.select().from(teams).where(eq(teams.id, sql.placeholder('teamId'))).prepare()).get({ teamId });
}

/** The caller's current (not departed) team in a league. */
export async function findCurrentTeam(db: Database, leagueId: string, playerId: string): Promise<TeamRow | undefined> {
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

export async function findTeamWithPlayer(db: Database, teamId: string): Promise<TeamWithPlayer | undefined> {
  const row = db
    .select({ team: teams, playerName: players.name })
    .from(teams)
    .innerJoin(players, eq(players.id, teams.playerId))
    .where(eq(teams.id, teamId))
    .get();
  return row ? { ...row.team, playerName: row.playerName } : undefined;
}

/** Every team of a league, departed ones included, in join order. */
export async function teamsOfLeague(db: Database, leagueId: string): Promise<TeamWithPlayer[]> {
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
export async function currentTeamCounts(db: Database, leagueIds: readonly string[]): Promise<Map<string, number>> {
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
export async function findLeagueByCode(db: Database, code: string): Promise<LeagueRow | undefined> {
  return db.select().from(leagues).where(eq(leagues.invitationCode, code)).get();
}

/** Leagues where the player has a current (not departed) team, most recently joined first. */
export async function leaguesOfPlayer(db: Database, playerId: string): Promise<LeagueRow[]> {
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
export async function publicLeagues(db: Database, now: Date, limit: number): Promise<LeagueRow[]> {
  return db.select().from(leagues).where(publicInSeason(now.toISOString())).orderBy(...PUBLIC_ORDER).limit(limit).all();
}

/**
 * The id and version of each league `publicLeagues` answers, as one text ("id version" pairs,
 * space-separated; empty for an empty shelf), without the rows: what the public shelf's
 * cached answer is tagged with (a league's version moves with everything its League form
 * shows, its team count included). Joined in SQL: read on every request for the shelf, the
 * rows handed to JavaScript one by one cost more than the query.
 */
export async function publicShelfTag(db: Database, now: Date, limit: number): Promise<string> {
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
export async function findTeamOfPlayer(db: Database, leagueId: string, playerId: string): Promise<TeamRow | undefined> {
  return db
    .select()
    .from(teams)
    .where(and(eq(teams.leagueId, leagueId), eq(teams.playerId, playerId)))
    .get();
}

/** The team (current or departed) holding a case-folded name in the league. */
export async function findTeamByNameKey(db: Database, leagueId: string, nameKey: string): Promise<TeamRow | undefined> {
  return db
    .select()
    .from(teams)
    .where(and(eq(teams.leagueId, leagueId), eq(teams.nameKey, nameKey)))
    .get();
}

/** The current member who joined first (§6.6 admin hand-over). */
export async function earliestCurrentMember(db: Database, leagueId: string): Promise<TeamRow | undefined> {
  return db
    .select()
    .from(teams)
    .where(and(eq(teams.leagueId, leagueId), isNull(teams.leftAt)))
    .orderBy(teams.joinedAt, teams.id)
    .get();
}

// ---- writes (callers run them inside writeTransaction) ----------------------------------

export type NewLeague = typeof leagues.$inferInsert;

export async function insertLeague(db: Database, row: NewLeague): Promise<LeagueRow> {
  return writeTransaction(db, async (db) => {
    return db.insert(leagues).values(row).returning().get();
  });
}

/** A new team with its first line-up version, saved at the moment it joined. */
export async function insertTeamWithLineup(
  db: Database,
  team: { id: string; leagueId: string; playerId: string; name: string; nameKey: string; joinedAt: string },
  lineup: { schema: string; positions: Readonly<Record<string, string>> },
): Promise<TeamRow> {
  return writeTransaction(db, async (db) => {
    const row = db
      .insert(teams)
      .values({ ...team, leftAt: null })
      .returning()
      .get();
    db.insert(lineupVersions).values({ teamId: row.id, schema: lineup.schema, positions: JSON.stringify(lineup.positions), savedAt: team.joinedAt }).run();
    return row;
  });
}

/** §6.5 rejoin: the departed row comes back under its (possibly new) name; seniority kept. */
export async function rejoinTeam(db: Database, teamId: string, name: string, nameKey: string): Promise<boolean> {
  return writeTransaction(db, async (db) => {
    const result = db
      .update(teams)
      .set({ leftAt: null, name, nameKey })
      .where(and(eq(teams.id, teamId), isNotNull(teams.leftAt)))
      .run();
    return result.changes === 1;
  });
}

/** Records a departure; false when the team had already left. */
export async function markTeamLeft(db: Database, teamId: string, at: string): Promise<boolean> {
  return writeTransaction(db, async (db) => {
    const result = db
      .update(teams)
      .set({ leftAt: at })
      .where(and(eq(teams.id, teamId), isNull(teams.leftAt)))
      .run();
    return result.changes === 1;
  });
}

export async function setLeagueAdmin(db: Database, leagueId: string, playerId: string): Promise<void> {
  return writeTransaction(db, async (db) => {
    db.update(leagues).set({ adminId: playerId }).where(eq(leagues.id, leagueId)).run();
  });
}

/** Deletes the league; teams, contracts, ledger, line-ups, performances and notifications cascade. */
export async function deleteLeague(db: Database, leagueId: string): Promise<void> {
  return writeTransaction(db, async (db) => {
    db.delete(leagues).where(eq(leagues.id, leagueId)).run();
  });
}

/** §6.4 close, guarded on the caller being admin and the league still open; false when refused. */
export async function closeLeagueIfAdmin(db: Database, leagueId: string, adminId: string, at: string): Promise<boolean> {
  return writeTransaction(db, async (db) => {
    const result = db
      .update(leagues)
      .set({ closedAt: at })
      .where(and(eq(leagues.id, leagueId), eq(leagues.adminId, adminId), isNull(leagues.closedAt)))
      .run();
    return result.changes === 1;
  });
}

/** Every league, oldest first: the scoring read side filters them by season (§4.3). */
export async function allLeagues(db: Database): Promise<LeagueRow[]> {
  return db.select().from(leagues).orderBy(leagues.createdAt, sql`${leagues}.rowid`).all();
}

/** Every team (departed ones included) of the given leagues, in join order. */
export async function teamsOfLeagues(db: Database, leagueIds: readonly string[]): Promise<TeamRow[]> {
  const out: TeamRow[] = [];
  for (let i = 0; i < leagueIds.length; i += IN_BATCH) {
    out.push(...db.select().from(teams).where(inArray(teams.leagueId, leagueIds.slice(i, i + IN_BATCH))).all());
  }
  return out;
}

/** Many teams with their players' names, in statements of IN_BATCH ids (contract lists, in-boxes). */
export async function teamsWithPlayersByIds(db: Database, teamIds: readonly string[]): Promise<Map<string, TeamWithPlayer>> {
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
export async function leaguesByIds(db: Database, leagueIds: readonly string[]): Promise<Map<string, LeagueRow>> {
  const distinct = [...new Set(leagueIds)];
  const out = new Map<string, LeagueRow>();
  for (let i = 0; i < distinct.length; i += IN_BATCH) {
    for (const row of db.select().from(leagues).where(inArray(leagues.id, distinct.slice(i, i + IN_BATCH))).all()) out.set(row.id, row);
  }
  return out;
}
