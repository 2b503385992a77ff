/**
 * Contracts and the guarded writes that move them between states (§5.11). Every state change
 * is an UPDATE whose WHERE clause re-states the precondition, so a lost race changes no row
 * and the caller can tell (`changed` false) instead of writing twice.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { MAX_ACTIVE_CONTRACTS } from '../../domain/pricing';
import { type Database, IN_BATCH, isUniqueViolation, preparedOnce, writeTransaction } from '../../platform/db/database';
import { dialectOf, execute, first, pgArray, rowsOf, type Tables, tablesOf, touched } from '../../platform/db/dialect';
import { creditsSql } from './ledger-store';
import type { contracts } from '../../platform/db/schema/sqlite';

export type ContractRow = typeof contracts.$inferSelect;

type ContractsTable = Tables['contracts'];

/** The live-or-expired (status live) contract on an article in a league: at most one (§5.6). */
function liveOnArticle(contracts: ContractsTable, leagueId: string, articleId: string): SQL {
  return and(eq(contracts.leagueId, leagueId), eq(contracts.articleId, articleId), eq(contracts.status, 'live'))!;
}

/** Unsold, unsettled contracts of a team: what counts towards the cap of 22. */
function liveOfTeam(contracts: ContractsTable, teamId: string): SQL {
  return and(eq(contracts.teamId, teamId), eq(contracts.status, 'live'))!;
}

/** The cap of §5.6, true while the team may buy another: the one place it is written. */
function teamHasRoomSql(contracts: ContractsTable, teamId: string): SQL<number> {
  return sql<number>`((SELECT count(*) FROM ${contracts} WHERE ${liveOfTeam(contracts, teamId)}) < ${MAX_ACTIVE_CONTRACTS})`;
}

/**
 * What orders contracts written in the same millisecond: SQLite's rowid (the order they were
 * written in). PostgreSQL's tables have no such column, so there the id decides: a stable
 * order, though not the order of writing.
 */
function writtenOrder(db: Database, contracts: ContractsTable): SQL {
  return dialectOf(db) === 'postgres' ? sql`${contracts.id}` : sql`${contracts}.rowid`;
}

export async function findContract(db: Database, id: string): Promise<ContractRow | undefined> {
  const { contracts } = tablesOf(db);
  if (dialectOf(db) === 'postgres') return first(db.select().from(contracts).where(eq(contracts.id, id)));
  return preparedOnce(db, 'findContract', () => db.select().from(contracts).where(eq(contracts.id, sql.placeholder('id'))).prepare()).get({ id });
}

/** The live-or-expired (status live) contract on an article in a league, if any. */
export async function liveContractOnArticle(db: Database, leagueId: string, articleId: string): Promise<ContractRow | undefined> {
  const { contracts } = tablesOf(db);
  return first(db.select().from(contracts).where(liveOnArticle(contracts, leagueId, articleId)));
}

/** True when the team already holds MAX_ACTIVE_CONTRACTS unsold, unsettled contracts. */
export async function isTeamFull(db: Database, teamId: string): Promise<boolean> {
  const { contracts } = tablesOf(db);
  // SQLite answers 0 or 1, PostgreSQL false or true
  const [row] = await rowsOf<{ room: number | boolean }>(db, sql`SELECT ${teamHasRoomSql(contracts, teamId)} AS room`);
  return !row!.room;
}

export type NewContract = Pick<
  typeof contracts.$inferInsert,
  'id' | 'leagueId' | 'teamId' | 'articleId' | 'domain' | 'purchaseDate' | 'expireDate' | 'purchasePrice' | 'renewalCount' | 'createdAt'
>;

/**
 * A purchase (§5.6) as one INSERT guarded by its three rules: the team's credits cover the
 * price, the article is free in the league, the team is under the cap. False when the guard
 * (or the unique index on live articles, for a concurrent buyer) refused: nothing was written.
 */
export async function insertContractIfAllowed(db: Database, row: NewContract): Promise<boolean> {
  return writeTransaction(db, async (db) => {
    const { contracts } = tablesOf(db);
    if (dialectOf(db) === 'postgres') {
      // A racing buyer's row this snapshot cannot see aborts the transaction for a conflict
      // (SERIALIZABLE), and run again it refuses on NOT EXISTS. ON CONFLICT keeps any other unique
      // refusal from aborting the caller's transaction, which reads on after a refusal, where
      // SQLite's refusal (caught below) undoes only the statement. The SELECT list's parameters
      // are typed: PostgreSQL does not infer them from the target columns.
      return (
        (await execute(
          db,
          sql`
          INSERT INTO ${contracts} (id, league_id, team_id, article_id, domain, held_since, purchase_date, expire_date,
                                    purchase_price, renewal_count, renewal_elected, status, created_at)
          SELECT ${row.id}::text, ${row.leagueId}::text, ${row.teamId}::text, ${row.articleId}::text, ${row.domain}::text,
                 ${row.purchaseDate}::text, ${row.purchaseDate}::text, ${row.expireDate}::text, ${row.purchasePrice}::int,
                 ${row.renewalCount}::int, false, 'live', ${row.createdAt}::text
          WHERE ${creditsSql(row.teamId)} >= ${row.purchasePrice}::int
            AND NOT EXISTS (SELECT 1 FROM ${contracts} WHERE ${liveOnArticle(contracts, row.leagueId, row.articleId)})
            AND ${teamHasRoomSql(contracts, row.teamId)}
          ON CONFLICT DO NOTHING
        `,
        )) === 1
      );
    }
    try {
      return (
        db.run(sql`
          INSERT INTO ${contracts} (id, league_id, team_id, article_id, domain, held_since, purchase_date, expire_date,
                                    purchase_price, renewal_count, renewal_elected, status, created_at)
          SELECT ${row.id}, ${row.leagueId}, ${row.teamId}, ${row.articleId}, ${row.domain}, ${row.purchaseDate}, ${row.purchaseDate},
                 ${row.expireDate}, ${row.purchasePrice}, ${row.renewalCount}, 0, 'live', ${row.createdAt}
          WHERE ${creditsSql(row.teamId)} >= ${row.purchasePrice}
            AND NOT EXISTS (SELECT 1 FROM ${contracts} WHERE ${liveOnArticle(contracts, row.leagueId, row.articleId)})
            AND ${teamHasRoomSql(contracts, row.teamId)}
        `).changes === 1
      );
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return false;
    }
  });
}

/** The team's most recently ended holding of the article (for the inherited premium, §14 #7). */
export async function lastEndedContract(db: Database, teamId: string, articleId: string): Promise<ContractRow | undefined> {
  const { contracts } = tablesOf(db);
  return first(
    db
      .select()
      .from(contracts)
      .where(and(eq(contracts.teamId, teamId), eq(contracts.articleId, articleId), inArray(contracts.status, ['sold', 'settled'])))
      // spelled out: PostgreSQL would put a missing day first where SQLite puts it last
      .orderBy(sql`${contracts.closedOn} desc nulls last`, desc(contracts.createdAt))
      .limit(1),
  );
}

/** Live and expired contracts of a league, oldest purchase first. */
export async function liveContractsOfLeague(db: Database, leagueId: string): Promise<ContractRow[]> {
  const { contracts } = tablesOf(db);
  return db
    .select()
    .from(contracts)
    .where(and(eq(contracts.leagueId, leagueId), eq(contracts.status, 'live')))
    .orderBy(asc(contracts.createdAt), writtenOrder(db, contracts));
}

type Holder = { articleId: string; teamId: string; teamName: string; playerName: string };

/** Who holds each of the articles that is under a live contract in the league (one prepared statement, the ids as one JSON array). */
export async function liveHoldersOf(db: Database, leagueId: string, articleIds: readonly string[]): Promise<Holder[]> {
  if (dialectOf(db) === 'postgres') {
    return rowsOf<Holder>(
      db,
      sql`SELECT c.article_id AS "articleId", c.team_id AS "teamId", t.name AS "teamName", p.name AS "playerName"
            FROM contracts c JOIN teams t ON t.id = c.team_id JOIN players p ON p.id = t.player_id
           WHERE c.league_id = ${leagueId} AND c.status = 'live' AND c.article_id = ANY(${pgArray(articleIds)})`,
    );
  }
  const statement = preparedOnce(db, 'liveHoldersOf', () =>
    db.$client.prepare(
      `SELECT c.article_id AS articleId, c.team_id AS teamId, t.name AS teamName, p.name AS playerName
         FROM contracts c JOIN teams t ON t.id = c.team_id JOIN players p ON p.id = t.player_id
        WHERE c.league_id = ? AND c.status = 'live' AND c.article_id IN (SELECT value FROM json_each(?))`,
    ),
  );
  return statement.all(leagueId, JSON.stringify(articleIds)) as Holder[];
}

/**
 * The player's current team in the league when it holds a live contract on one of the
 * articles, else undefined: what makes a market shelf the viewer's own (prepared once; the ids
 * as one JSON array).
 */
export async function currentTeamHoldingAny(db: Database, leagueId: string, playerId: string, articleIds: readonly string[]): Promise<string | undefined> {
  if (dialectOf(db) === 'postgres') {
    const [row] = await rowsOf<{ id: string }>(
      db,
      sql`SELECT t.id FROM teams t
           WHERE t.league_id = ${leagueId} AND t.player_id = ${playerId} AND t.left_at IS NULL
             AND EXISTS (SELECT 1 FROM contracts c
                          WHERE c.team_id = t.id AND c.status = 'live' AND c.article_id = ANY(${pgArray(articleIds)}))
           LIMIT 1`,
    );
    return row?.id;
  }
  const statement = preparedOnce(db, 'currentTeamHoldingAny', () =>
    db.$client.prepare(
      `SELECT t.id FROM teams t
        WHERE t.league_id = ? AND t.player_id = ? AND t.left_at IS NULL
          AND EXISTS (SELECT 1 FROM contracts c
                       WHERE c.team_id = t.id AND c.status = 'live' AND c.article_id IN (SELECT value FROM json_each(?)))`,
    ),
  );
  return (statement.get(leagueId, playerId, JSON.stringify(articleIds)) as { id: string } | undefined)?.id;
}

export async function liveContractsOfTeam(db: Database, teamId: string): Promise<ContractRow[]> {
  const { contracts } = tablesOf(db);
  return db
    .select()
    .from(contracts)
    .where(liveOfTeam(contracts, teamId))
    .orderBy(asc(contracts.createdAt), writtenOrder(db, contracts));
}

/** A player's in-box names any number of contracts: read in statements of IN_BATCH ids. */
export async function contractsByIds(db: Database, ids: readonly string[]): Promise<Map<string, ContractRow>> {
  const { contracts } = tablesOf(db);
  const distinct = [...new Set(ids)];
  const out = new Map<string, ContractRow>();
  for (let i = 0; i < distinct.length; i += IN_BATCH) {
    for (const row of await db.select().from(contracts).where(inArray(contracts.id, distinct.slice(i, i + IN_BATCH)))) out.set(row.id, row);
  }
  return out;
}

/** What the sweep's work list holds of a contract: enough to price it and name it. */
export type DueContract = Pick<ContractRow, 'id' | 'leagueId' | 'teamId' | 'articleId' | 'domain'>;

/**
 * The sweep's work list: unsold, unsettled contracts whose term has ended by `today`. Only
 * the columns the list needs, bound by position: the sweep re-reads each set's contracts in
 * full inside its transaction, and mapping every column of 100,000 rows through drizzle cost
 * more than a set's writes. (PostgreSQL breaks ties of the same millisecond by id: it has no rowid.)
 */
export async function contractsDueForSettlement(db: Database, today: string): Promise<DueContract[]> {
  if (dialectOf(db) === 'postgres') {
    return rowsOf<DueContract>(
      db,
      sql`SELECT id, league_id AS "leagueId", team_id AS "teamId", article_id AS "articleId", domain FROM contracts
           WHERE status = 'live' AND expire_date <= ${today} ORDER BY expire_date, created_at, id`,
    );
  }
  const text = `SELECT id, league_id AS leagueId, team_id AS teamId, article_id AS articleId, domain FROM contracts
    WHERE status = 'live' AND expire_date <= ? ORDER BY expire_date, created_at, rowid`;
  return preparedOnce(db, text, () => db.$client.prepare(text)).all(today) as DueContract[];
}

/** Early sell, guarded on "still live and still this team's". */
export async function markSold(db: Database, id: string, teamId: string, payout: number, today: string): Promise<boolean> {
  return writeTransaction(db, async (db) => {
    const { contracts } = tablesOf(db);
    const result = await db
      .update(contracts)
      .set({ status: 'sold', salePayout: payout, closedOn: today, renewalElected: false })
      .where(and(eq(contracts.id, id), eq(contracts.teamId, teamId), eq(contracts.status, 'live')));
    return touched(result) === 1;
  });
}

export async function setRenewalElected(db: Database, id: string, teamId: string, elected: boolean): Promise<boolean> {
  return writeTransaction(db, async (db) => {
    const { contracts } = tablesOf(db);
    const result = await db
      .update(contracts)
      .set({ renewalElected: elected })
      .where(and(eq(contracts.id, id), eq(contracts.teamId, teamId), eq(contracts.status, 'live')));
    return touched(result) === 1;
  });
}

/** Every contract the team ever held (any status), oldest holding first, then in purchase order. */
export async function contractsOfTeam(db: Database, teamId: string): Promise<ContractRow[]> {
  const { contracts } = tablesOf(db);
  return db
    .select()
    .from(contracts)
    .where(eq(contracts.teamId, teamId))
    .orderBy(contracts.heldSince, contracts.createdAt, writtenOrder(db, contracts));
}

/** Every contract (any status) of the given teams, grouped by team. */
export async function contractsOfTeams(db: Database, teamIds: readonly string[]): Promise<Map<string, ContractRow[]>> {
  const { contracts } = tablesOf(db);
  const out = new Map<string, ContractRow[]>();
  for (let i = 0; i < teamIds.length; i += IN_BATCH) {
    const batch = teamIds.slice(i, i + IN_BATCH);
    for (const row of await db.select().from(contracts).where(inArray(contracts.teamId, batch))) {
      const list = out.get(row.teamId);
      if (list) list.push(row);
      else out.set(row.teamId, [row]);
    }
  }
  return out;
}
