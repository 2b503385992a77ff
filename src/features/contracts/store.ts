/**
 * Contracts and the guarded writes that move them between states. Every state change
 * is an UPDATE whose WHERE clause re-states the precondition, so a lost race changes no row
 * and the caller can tell (`changed` false) instead of writing twice.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { type Database, IN_BATCH, writeTransaction } from '../../platform/db/database';
import { first, type Tables, tablesOf, touched } from '../../platform/db/dialect';
import { boundList, preparedSelect, selectRow, selectRows, writtenOrder } from '../../platform/db/statements';
import type { contracts } from '../../platform/db/schema/sqlite';

export type ContractRow = typeof contracts.$inferSelect;

type ContractsTable = Tables['contracts'];

/** The live-or-expired (status live) contract on an article in a league: at most one. */
function liveOnArticle(contracts: ContractsTable, leagueId: string, articleId: string): SQL {
  return and(eq(contracts.leagueId, leagueId), eq(contracts.articleId, articleId), eq(contracts.status, 'live'))!;
}

/** A contract row's columns under the names of ContractRow, in its order. */
export const CONTRACT_COLUMNS = `id, league_id AS "leagueId", team_id AS "teamId", article_id AS "articleId", domain, held_since AS "heldSince",
  purchase_date AS "purchaseDate", expire_date AS "expireDate", purchase_price AS "purchasePrice", renewal_count AS "renewalCount",
  renewal_elected AS "renewalElected", status, sale_payout AS "salePayout", closed_on AS "closedOn", created_at AS "createdAt"`;

export async function findContract(db: Database, id: string): Promise<ContractRow | undefined> {
  const row = await selectRow<ContractRow>(db, `SELECT ${CONTRACT_COLUMNS} FROM contracts WHERE id = ?`, id);
  // SQLite keeps the flag as 0 or 1
  return row && { ...row, renewalElected: Boolean(row.renewalElected) };
}

/** The live-or-expired (status live) contract on an article in a league, if any. */
export async function liveContractOnArticle(db: Database, leagueId: string, articleId: string): Promise<ContractRow | undefined> {
  const { contracts } = tablesOf(db);
  return first(db.select().from(contracts).where(liveOnArticle(contracts, leagueId, articleId)));
}

export type NewContract = Pick<
  typeof contracts.$inferInsert,
  'id' | 'leagueId' | 'teamId' | 'articleId' | 'domain' | 'purchaseDate' | 'expireDate' | 'purchasePrice' | 'renewalCount' | 'createdAt'
>;

/** Live and expired contracts of a league, oldest purchase first. */
export async function liveContractsOfLeague(db: Database, leagueId: string): Promise<ContractRow[]> {
  const { contracts } = tablesOf(db);
  return db
    .select()
    .from(contracts)
    .where(and(eq(contracts.leagueId, leagueId), eq(contracts.status, 'live')))
    .orderBy(asc(contracts.createdAt), sql.raw(writtenOrder(db)));
}

type Holder = { articleId: string; teamId: string; teamName: string; playerName: string };

/** Who holds each of the articles that is under a live contract in the league (one statement, the ids as one parameter). */
export async function liveHoldersOf(db: Database, leagueId: string, articleIds: readonly string[]): Promise<Holder[]> {
  const articles = boundList(db, articleIds);
  return selectRows<Holder>(
    db,
    `SELECT c.article_id AS "articleId", c.team_id AS "teamId", t.name AS "teamName", p.name AS "playerName"
       FROM contracts c JOIN teams t ON t.id = c.team_id JOIN players p ON p.id = t.player_id
      WHERE c.league_id = ? AND c.status = 'live' AND c.article_id ${articles.in}`,
    leagueId,
    articles.value,
  );
}

/**
 * The player's current team in the league when it holds a live contract on one of the
 * articles, else undefined: what makes a market shelf the viewer's own (one statement, the ids
 * as one parameter).
 */
export async function currentTeamHoldingAny(db: Database, leagueId: string, playerId: string, articleIds: readonly string[]): Promise<string | undefined> {
  const articles = boundList(db, articleIds);
  const row = await selectRow<{ id: string }>(
    db,
    `SELECT t.id FROM teams t
      WHERE t.league_id = ? AND t.player_id = ? AND t.left_at IS NULL
        AND EXISTS (SELECT 1 FROM contracts c WHERE c.team_id = t.id AND c.status = 'live' AND c.article_id ${articles.in})
      LIMIT 1`,
    leagueId,
    playerId,
    articles.value,
  );
  return row?.id;
}

/** Unsold, unsettled contracts of a team (what counts towards the cap of 22), in purchase order. */
export async function liveContractsOfTeam(db: Database, teamId: string): Promise<ContractRow[]> {
  return preparedSelect(db, 'liveContractsOfTeam', (db) => {
    const { contracts } = tablesOf(db);
    return db
      .select()
      .from(contracts)
      .where(and(eq(contracts.teamId, sql.placeholder('teamId')), eq(contracts.status, 'live')))
      .orderBy(asc(contracts.createdAt), sql.raw(writtenOrder(db)));
  }, { teamId });
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
 * more than a set's writes.
 */
export async function contractsDueForSettlement(db: Database, today: string): Promise<DueContract[]> {
  return selectRows<DueContract>(
    db,
    `SELECT id, league_id AS "leagueId", team_id AS "teamId", article_id AS "articleId", domain FROM contracts
      WHERE status = 'live' AND expire_date <= ? ORDER BY expire_date, created_at, ${writtenOrder(db)}`,
    today,
  );
}

/** An article some live contract expiring in [from, to] holds, with its league's season. */
export interface ArticleInWindow {
  domain: string;
  articleId: string;
  closedAt: string | null;
  endDate: string;
}

export async function articlesExpiringBetween(db: Database, from: string, to: string): Promise<ArticleInWindow[]> {
  return selectRows<ArticleInWindow>(
    db,
    `SELECT DISTINCT c.domain, c.article_id AS "articleId", l.closed_at AS "closedAt", l.end_date AS "endDate"
      FROM contracts c JOIN leagues l ON l.id = c.league_id
      WHERE c.status = 'live' AND c.expire_date >= ? AND c.expire_date <= ?`,
    from,
    to,
  );
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
  return preparedSelect(db, 'contractsOfTeam', (db) => {
    const { contracts } = tablesOf(db);
    return db
      .select()
      .from(contracts)
      .where(eq(contracts.teamId, sql.placeholder('teamId')))
      .orderBy(contracts.heldSince, contracts.createdAt, sql.raw(writtenOrder(db)));
  }, { teamId });
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
