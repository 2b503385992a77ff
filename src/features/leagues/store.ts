import { and, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { type Database, IN_BATCH, writeTransaction } from '../../platform/db/database';
import { first, tablesOf, touched } from '../../platform/db/dialect';
import { insertionOrder, orderedStringAgg, preparedSelect, runStatement, selectRow } from '../../platform/db/statements';
import type { leagues, teams } from '../../platform/db/schema/sqlite';

export type LeagueRow = typeof leagues.$inferSelect;
export type TeamRow = typeof teams.$inferSelect;
export type TeamWithPlayer = TeamRow & { playerName: string };

export async function findLeague(db: Database, id: string): Promise<LeagueRow | undefined> {
  const rows = await preparedSelect(db, 'findLeague', (db) => {
    const { leagues } = tablesOf(db);
    return db.select().from(leagues).where(eq(leagues.id, sql.placeholder('id')));
  }, { id });
  return rows[0];
}

/**
 * Current members only: departed teams stay in standings but not in `teamCount`. Kept on the
 * league by every join, rejoin and departure (below), so a league read counts no teams.
 */
export async function currentTeamCount(db: Database, leagueId: string): Promise<number> {
  return (await selectRow<{ n: number }>(db, 'SELECT team_count AS n FROM leagues WHERE id = ?', leagueId))?.n ?? 0;
}

/** One team more (+1) or fewer (-1) in the team's league. */
async function countTeamIn(db: Database, teamId: string, change: 1 | -1): Promise<void> {
  await runStatement(db, 'UPDATE leagues SET team_count = team_count + ? WHERE id = (SELECT league_id FROM teams WHERE id = ?)', change, teamId);
}

export async function findTeam(db: Database, teamId: string): Promise<TeamRow | undefined> {
  const rows = await preparedSelect(db, 'findTeam', (db) => {
    const { teams } = tablesOf(db);
    return db.select().from(teams).where(eq(teams.id, sql.placeholder('teamId')));
  }, { teamId });
  return rows[0];
}

/** The caller's current (not departed) team in a league. */
export async function findCurrentTeam(db: Database, leagueId: string, playerId: string): Promise<TeamRow | undefined> {
  // prepared once: every members-only read (head-to-head, activity) asks it before a kept answer
  const rows = await preparedSelect(db, 'findCurrentTeam', (db) => {
    const { teams } = tablesOf(db);
    return db
      .select()
      .from(teams)
      .where(and(eq(teams.leagueId, sql.placeholder('leagueId')), eq(teams.playerId, sql.placeholder('playerId')), isNull(teams.leftAt)));
  }, { leagueId, playerId });
  return rows[0];
}

export async function findTeamWithPlayer(db: Database, teamId: string): Promise<TeamWithPlayer | undefined> {
  const { players, teams } = tablesOf(db);
  const row = await first(
    db
      .select({ team: teams, playerName: players.name })
      .from(teams)
      .innerJoin(players, eq(players.id, teams.playerId))
      .where(eq(teams.id, teamId)),
  );
  return row ? { ...row.team, playerName: row.playerName } : undefined;
}

/** Every team of a league, departed ones included, in join order. */
export async function teamsOfLeague(db: Database, leagueId: string): Promise<TeamWithPlayer[]> {
  const rows = await preparedSelect(db, 'teamsOfLeague', (db) => {
    const { players, teams } = tablesOf(db);
    return db
      .select({ team: teams, playerName: players.name })
      .from(teams)
      .innerJoin(players, eq(players.id, teams.playerId))
      .where(eq(teams.leagueId, sql.placeholder('leagueId')))
      .orderBy(teams.joinedAt, teams.id);
  }, { leagueId });
  return rows.map((row) => ({ ...row.team, playerName: row.playerName }));
}

// ---- reads for the league and team endpoints -------------------------------------------

/** Current members per league, 0 for a league without any. */
/** The league a (normalized) invitation code opens. */
export async function findLeagueByCode(db: Database, code: string): Promise<LeagueRow | undefined> {
  const { leagues } = tablesOf(db);
  return first(db.select().from(leagues).where(eq(leagues.invitationCode, code)));
}

/** Leagues where the player has a current (not departed) team, most recently joined first. */
export async function leaguesOfPlayer(db: Database, playerId: string): Promise<LeagueRow[]> {
  const { leagues, teams } = tablesOf(db);
  const rows = await db
    .select({ league: leagues })
    .from(teams)
    .innerJoin(leagues, eq(leagues.id, teams.leagueId))
    .where(and(eq(teams.playerId, playerId), isNull(teams.leftAt)))
    .orderBy(desc(teams.joinedAt), leagues.id);
  return rows.map((row) => row.league);
}

/**
 * Public shelf: public, not closed, season not over, newest start first. Instants are
 * stored as `toISOString()` text, so comparing strings compares instants.
 */
export async function publicLeagues(db: Database, now: Date, limit: number): Promise<LeagueRow[]> {
  const { leagues } = tablesOf(db);
  return db
    .select()
    .from(leagues)
    .where(and(eq(leagues.visibility, 'public'), isNull(leagues.closedAt), gt(leagues.endDate, now.toISOString())))
    .orderBy(desc(leagues.startDate), desc(leagues.createdAt), leagues.id)
    .limit(limit);
}

/** The shelf's order, newest start first (the same in `publicLeagues`). */
const SHELF_ORDER = 'start_date DESC, created_at DESC, id';

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
  const row = await selectRow<{ tag: string | null }>(
    db,
    `SELECT ${orderedStringAgg(db, "id || ' ' || CAST(version AS TEXT)", "' '", SHELF_ORDER)} AS tag
     FROM (SELECT id, version, start_date, created_at FROM leagues
           WHERE visibility = 'public' AND closed_at IS NULL AND end_date > ? ORDER BY ${SHELF_ORDER} LIMIT ${limit}) AS shelf`,
    now.toISOString(),
  );
  return row?.tag ?? '';
}

/** The player's team in the league, current or departed (a rejoin reuses it). */
export async function findTeamOfPlayer(db: Database, leagueId: string, playerId: string): Promise<TeamRow | undefined> {
  const rows = await preparedSelect(db, 'findTeamOfPlayer', (db) => {
    const { teams } = tablesOf(db);
    return db.select().from(teams).where(and(eq(teams.leagueId, sql.placeholder('leagueId')), eq(teams.playerId, sql.placeholder('playerId'))));
  }, { leagueId, playerId });
  return rows[0];
}

/** The team (current or departed) holding a case-folded name in the league. */
export async function findTeamByNameKey(db: Database, leagueId: string, nameKey: string): Promise<TeamRow | undefined> {
  const { teams } = tablesOf(db);
  return first(
    db
      .select()
      .from(teams)
      .where(and(eq(teams.leagueId, leagueId), eq(teams.nameKey, nameKey))),
  );
}

/** The current member who joined first (admin hand-over). */
export async function earliestCurrentMember(db: Database, leagueId: string): Promise<TeamRow | undefined> {
  const { teams } = tablesOf(db);
  return first(
    db
      .select()
      .from(teams)
      .where(and(eq(teams.leagueId, leagueId), isNull(teams.leftAt)))
      .orderBy(teams.joinedAt, teams.id)
      .limit(1),
  );
}

// ---- writes (callers run them inside writeTransaction) ----------------------------------

export type NewLeague = typeof leagues.$inferInsert;

export async function insertLeague(db: Database, row: NewLeague): Promise<LeagueRow> {
  return writeTransaction(db, async (tx) => {
    const { leagues } = tablesOf(tx);
    return (await tx.insert(leagues).values(row).returning())[0];
  });
}

/** A new team with its first line-up version, saved at the moment it joined. */
export async function insertTeamWithLineup(
  db: Database,
  team: { id: string; leagueId: string; playerId: string; name: string; nameKey: string; joinedAt: string },
  lineup: { schema: string; positions: Readonly<Record<string, string>> },
): Promise<TeamRow> {
  return writeTransaction(db, async (tx) => {
    const { lineupVersions, teams } = tablesOf(tx);
    const row = (
      await tx
        .insert(teams)
        .values({ ...team, leftAt: null })
        .returning()
    )[0];
    await tx.insert(lineupVersions).values({ teamId: row.id, schema: lineup.schema, positions: JSON.stringify(lineup.positions), savedAt: team.joinedAt });
    await countTeamIn(tx, row.id, 1);
    return row;
  });
}

/** Rejoin: the departed row comes back under its (possibly new) name; seniority kept. */
export async function rejoinTeam(db: Database, teamId: string, name: string, nameKey: string): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    const { teams } = tablesOf(tx);
    const result = await tx
      .update(teams)
      .set({ leftAt: null, name, nameKey })
      .where(and(eq(teams.id, teamId), isNotNull(teams.leftAt)));
    if (touched(result) !== 1) return false;
    await countTeamIn(tx, teamId, 1);
    return true;
  });
}

/** Records a departure; false when the team had already left. */
export async function markTeamLeft(db: Database, teamId: string, at: string): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    const { teams } = tablesOf(tx);
    const result = await tx
      .update(teams)
      .set({ leftAt: at })
      .where(and(eq(teams.id, teamId), isNull(teams.leftAt)));
    if (touched(result) !== 1) return false;
    await countTeamIn(tx, teamId, -1);
    return true;
  });
}

export async function setLeagueAdmin(db: Database, leagueId: string, playerId: string): Promise<void> {
  return writeTransaction(db, async (tx) => {
    const { leagues } = tablesOf(tx);
    await tx.update(leagues).set({ adminId: playerId }).where(eq(leagues.id, leagueId));
  });
}

/** Deletes the league; teams, contracts, ledger, line-ups, performances and notifications cascade. */
export async function deleteLeague(db: Database, leagueId: string): Promise<void> {
  return writeTransaction(db, async (tx) => {
    const { leagues } = tablesOf(tx);
    await tx.delete(leagues).where(eq(leagues.id, leagueId));
  });
}

/** Close, guarded on the caller being admin and the league still open; false when refused. */
export async function closeLeagueIfAdmin(db: Database, leagueId: string, adminId: string, at: string): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    const { leagues } = tablesOf(tx);
    const result = await tx
      .update(leagues)
      .set({ closedAt: at })
      .where(and(eq(leagues.id, leagueId), eq(leagues.adminId, adminId), isNull(leagues.closedAt)));
    return touched(result) === 1;
  });
}

/**
 * Every league, oldest first: the scoring read side filters them by season. Leagues
 * created in the same millisecond come in insertion order on SQLite (its rowid); PostgreSQL
 * keeps no such order, so there they come by id.
 */
export async function allLeagues(db: Database): Promise<LeagueRow[]> {
  const { leagues } = tablesOf(db);
  return db.select().from(leagues).orderBy(leagues.createdAt, insertionOrder(db, leagues, leagues.id));
}

/** Every team (departed ones included) of the given leagues, in join order. */
export async function teamsOfLeagues(db: Database, leagueIds: readonly string[]): Promise<TeamRow[]> {
  const { teams } = tablesOf(db);
  const out: TeamRow[] = [];
  for (let i = 0; i < leagueIds.length; i += IN_BATCH) {
    out.push(...(await db.select().from(teams).where(inArray(teams.leagueId, leagueIds.slice(i, i + IN_BATCH)))));
  }
  return out;
}

/** Many teams with their players' names, in statements of IN_BATCH ids (contract lists, in-boxes). */
export async function teamsWithPlayersByIds(db: Database, teamIds: readonly string[]): Promise<Map<string, TeamWithPlayer>> {
  const { players, teams } = tablesOf(db);
  const distinct = [...new Set(teamIds)];
  const out = new Map<string, TeamWithPlayer>();
  for (let i = 0; i < distinct.length; i += IN_BATCH) {
    const rows = await db
      .select({ team: teams, playerName: players.name })
      .from(teams)
      .innerJoin(players, eq(players.id, teams.playerId))
      .where(inArray(teams.id, distinct.slice(i, i + IN_BATCH)));
    for (const row of rows) out.set(row.team.id, { ...row.team, playerName: row.playerName });
  }
  return out;
}

/** Many leagues by id, in statements of IN_BATCH ids. */
export async function leaguesByIds(db: Database, leagueIds: readonly string[]): Promise<Map<string, LeagueRow>> {
  const { leagues } = tablesOf(db);
  const distinct = [...new Set(leagueIds)];
  const out = new Map<string, LeagueRow>();
  for (let i = 0; i < distinct.length; i += IN_BATCH) {
    for (const row of await db.select().from(leagues).where(inArray(leagues.id, distinct.slice(i, i + IN_BATCH)))) out.set(row.id, row);
  }
  return out;
}

/** The commissioner's changes to a league's settings. */
export async function updateLeagueSettings(db: Database, leagueId: string, changes: Partial<Pick<LeagueRow, 'name' | 'icon' | 'visibility' | 'invitePolicy' | 'invitationCode' | 'roundDays' | 'playoffTeams'>>): Promise<void> {
  return writeTransaction(db, async (tx) => {
    const { leagues } = tablesOf(tx);
    await tx.update(leagues).set(changes).where(eq(leagues.id, leagueId));
  });
}

/** Marks a team removed by the admin (it has left already); a removed team may not rejoin. */
export async function markTeamRemoved(db: Database, teamId: string, at: string): Promise<void> {
  return writeTransaction(db, async (tx) => {
    const { teams } = tablesOf(tx);
    await tx.update(teams).set({ removedAt: at }).where(eq(teams.id, teamId));
  });
}
