/**
 * Contracts and the guarded writes that move them between states (§5.11). Every state change
 * is an UPDATE whose WHERE clause re-states the precondition, so a lost race changes no row
 * and the caller can tell (`changed` false) instead of writing twice.
 */
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { type Database, IN_BATCH, preparedOnce } from './database';
import { contracts } from './schema';

export type ContractRow = typeof contracts.$inferSelect;

export function findContract(db: Database, id: string): ContractRow | undefined {
  return preparedOnce(db, 'findContract', () => db.select().from(contracts).where(eq(contracts.id, sql.placeholder('id'))).prepare()).get({ id });
}

/** The live-or-expired (status live) contract on an article in a league, if any. */
export function liveContractOnArticle(db: Database, leagueId: string, articleId: string): ContractRow | undefined {
  return db
    .select()
    .from(contracts)
    .where(and(eq(contracts.leagueId, leagueId), eq(contracts.articleId, articleId), eq(contracts.status, 'live')))
    .get();
}

/** Unsold, unsettled contracts of a team: what counts towards the cap of 22. */
export function liveContractCount(db: Database, teamId: string): number {
  const row = db
    .select({ n: sql<number>`count(*)` })
    .from(contracts)
    .where(and(eq(contracts.teamId, teamId), eq(contracts.status, 'live')))
    .get();
  return Number(row?.n ?? 0);
}

/** The team's most recently ended holding of the article (for the inherited premium, §14 #7). */
export function lastEndedContract(db: Database, teamId: string, articleId: string): ContractRow | undefined {
  return db
    .select()
    .from(contracts)
    .where(and(eq(contracts.teamId, teamId), eq(contracts.articleId, articleId), inArray(contracts.status, ['sold', 'settled'])))
    .orderBy(desc(contracts.closedOn), desc(contracts.createdAt))
    .get();
}

/** Live and expired contracts of a league, oldest purchase first. */
export function liveContractsOfLeague(db: Database, leagueId: string): ContractRow[] {
  return db
    .select()
    .from(contracts)
    .where(and(eq(contracts.leagueId, leagueId), eq(contracts.status, 'live')))
    .orderBy(asc(contracts.createdAt), sql`rowid`)
    .all();
}

export function liveContractsOfTeam(db: Database, teamId: string): ContractRow[] {
  return db
    .select()
    .from(contracts)
    .where(and(eq(contracts.teamId, teamId), eq(contracts.status, 'live')))
    .orderBy(asc(contracts.createdAt), sql`rowid`)
    .all();
}

/** A player's in-box names any number of contracts: read in statements of IN_BATCH ids. */
export function contractsByIds(db: Database, ids: readonly string[]): Map<string, ContractRow> {
  const distinct = [...new Set(ids)];
  const out = new Map<string, ContractRow>();
  for (let i = 0; i < distinct.length; i += IN_BATCH) {
    for (const row of db.select().from(contracts).where(inArray(contracts.id, distinct.slice(i, i + IN_BATCH))).all()) out.set(row.id, row);
  }
  return out;
}

/** The sweep's work list: unsold, unsettled contracts whose term has ended by `today`. */
export function contractsDueForSettlement(db: Database, today: string): ContractRow[] {
  return db
    .select()
    .from(contracts)
    .where(and(eq(contracts.status, 'live'), lte(contracts.expireDate, today)))
    .orderBy(asc(contracts.expireDate), asc(contracts.createdAt), sql`rowid`)
    .all();
}

/** Early sell, guarded on "still live and still this team's". */
export function markSold(db: Database, id: string, teamId: string, payout: number, today: string): boolean {
  const result = db
    .update(contracts)
    .set({ status: 'sold', salePayout: payout, closedOn: today, renewalElected: false })
    .where(and(eq(contracts.id, id), eq(contracts.teamId, teamId), eq(contracts.status, 'live')))
    .run();
  return result.changes === 1;
}

/** Expiry settlement, guarded on "still live and still the term the sweep priced". */
export function markSettled(db: Database, id: string, expireDate: string, payout: number, today: string): boolean {
  const result = db
    .update(contracts)
    .set({ status: 'settled', salePayout: payout, closedOn: today })
    .where(and(eq(contracts.id, id), eq(contracts.status, 'live'), eq(contracts.expireDate, expireDate)))
    .run();
  return result.changes === 1;
}

export interface RenewedTerm {
  purchaseDate: string;
  expireDate: string;
  purchasePrice: number;
  renewalCount: number;
}

/**
 * Renewal in place (§5.9): the row keeps its id (line-ups keep pointing at it) and its
 * `heldSince`. Guarded on "live, elected, and still the term the sweep priced".
 */
export function renewInPlace(db: Database, id: string, oldExpireDate: string, term: RenewedTerm): boolean {
  const result = db
    .update(contracts)
    .set({ ...term, renewalElected: false })
    .where(
      and(eq(contracts.id, id), eq(contracts.status, 'live'), eq(contracts.renewalElected, true), eq(contracts.expireDate, oldExpireDate)),
    )
    .run();
  return result.changes === 1;
}

export function setRenewalElected(db: Database, id: string, teamId: string, elected: boolean): boolean {
  const result = db
    .update(contracts)
    .set({ renewalElected: elected })
    .where(and(eq(contracts.id, id), eq(contracts.teamId, teamId), eq(contracts.status, 'live')))
    .run();
  return result.changes === 1;
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
