/**
 * The settlement sweep's writes for a set of contracts (§5.10), in one write transaction per
 * set, so a set commits whole or not at all: the contracts re-read and their teams' credits
 * in one statement each (the ids as one JSON array parameter, json_each), then the guarded
 * UPDATEs and the ledger entries, one prepared statement (prepared once per connection) run
 * per row. Set statements over json_each were tried for the writes too and cost more than
 * the rows' own runs: SQLite parses a row's JSON object again for every field it extracts,
 * and an UPDATE … FROM json_each had to be kept from walking every live contract by its
 * (status, expiry) index.
 * On PostgreSQL each of those is one statement for the whole set, its columns bound as arrays
 * (unnest), so a set of 2,000 contracts is a handful of round trips, not thousands.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import type { ExpiringContract, RenewedTerm } from '../../domain/settlement';
import type { ContractRow } from './store';
import { type Database, preparedOnce, writeTransaction } from '../../platform/db/database';
import { dialectOf, execute, pgArray, rowsOf } from '../../platform/db/dialect';

function prepared(db: Database, text: string): BetterSqlite3.Statement {
  return preparedOnce(db, text, () => db.$client.prepare(text));
}

/** A contract as it stands now, with what the sweep writes about its team. */
export interface ContractNow extends ExpiringContract {
  id: string;
  leagueId: string;
  teamId: string;
  articleId: string;
  status: ContractRow['status'];
  teamName: string;
  playerId: string;
}

/**
 * The contracts as they stand now, with their teams' names and players (inside the set's
 * transaction nothing moves them until it ends). One statement, walking the set.
 */
export async function contractsNow(db: Database, ids: readonly string[]): Promise<Map<string, ContractNow>> {
  if (dialectOf(db) === 'postgres') {
    const rows = await rowsOf<ContractNow>(
      db,
      sql`SELECT c.id, c.league_id AS "leagueId", c.team_id AS "teamId", c.article_id AS "articleId", c.status,
                 c.purchase_date AS "purchaseDate", c.expire_date AS "expireDate", c.purchase_price AS "purchasePrice",
                 c.renewal_count AS "renewalCount", c.renewal_elected AS "renewalElected", t.name AS "teamName", t.player_id AS "playerId"
            FROM unnest(${pgArray(ids, 'text')}) AS j(value) JOIN contracts c ON c.id = j.value JOIN teams t ON t.id = c.team_id`,
    );
    return new Map(rows.map((row) => [row.id, row]));
  }
  const rows = prepared(
    db,
    `SELECT c.id, c.league_id AS leagueId, c.team_id AS teamId, c.article_id AS articleId, c.status,
            c.purchase_date AS purchaseDate, c.expire_date AS expireDate, c.purchase_price AS purchasePrice,
            c.renewal_count AS renewalCount, c.renewal_elected AS renewalElected, t.name AS teamName, t.player_id AS playerId
       FROM json_each(?) AS j CROSS JOIN contracts c ON c.id = j.value JOIN teams t ON t.id = c.team_id`,
  ).all(JSON.stringify(ids)) as (Omit<ContractNow, 'renewalElected'> & { renewalElected: number })[];
  return new Map(rows.map((row) => [row.id, { ...row, renewalElected: row.renewalElected === 1 }]));
}

/** credits = 1000 + Σ ledger amounts (store/ledger.ts), for many teams in one statement: the Σ part. */
export async function ledgerSumsOf(db: Database, teamIds: readonly string[]): Promise<Map<string, number>> {
  if (dialectOf(db) === 'postgres') {
    // sum of integers is a bigint, which the driver hands over as text
    const rows = await rowsOf<{ teamId: string; spent: string }>(
      db,
      sql`SELECT team_id AS "teamId", sum(amount) AS spent FROM ledger_entries
           WHERE team_id = ANY(${pgArray([...new Set(teamIds)], 'text')}) GROUP BY team_id`,
    );
    return new Map(rows.map((row) => [row.teamId, Number(row.spent)]));
  }
  const rows = prepared(
    db,
    `SELECT team_id AS teamId, total(amount) AS spent FROM ledger_entries
      WHERE team_id IN (SELECT value FROM json_each(?)) GROUP BY team_id`,
  ).all(JSON.stringify([...new Set(teamIds)])) as { teamId: string; spent: number }[];
  return new Map(rows.map((row) => [row.teamId, row.spent]));
}

export interface SettledContract {
  id: string;
  /** the term the sweep priced: the guard */
  expireDate: string;
  payout: number;
}

export interface RenewedContract {
  id: string;
  /** the term the sweep priced: the guard */
  oldExpireDate: string;
  term: RenewedTerm;
}

export type SweepLedgerEntry = { teamId: string; contractId: string; kind: 'settlement_payout' | 'renewal_purchase'; amount: number };

/**
 * Settles (status settled, the payout, the day) and renews in place (§5.9: the row keeps its
 * id, so line-ups keep pointing at it, and its `heldSince`), each UPDATE guarded by the
 * precondition (still live, still the term priced; a renewal still elected), and throws when a guard holds for
 * fewer rows than asked: the caller re-read them in this transaction, so that cannot happen
 * short of a bug, and the throw undoes the whole set rather than pay for a row not moved.
 */
export async function settleAndRenew(db: Database, today: string, settled: readonly SettledContract[], renewed: readonly RenewedContract[]): Promise<void> {
  return writeTransaction(db, async (db) => {
    if (dialectOf(db) === 'postgres') return settleAndRenewOnPostgres(db, today, settled, renewed);
    if (settled.length > 0) {
      const settle = prepared(
        db,
        `UPDATE contracts SET status = 'settled', sale_payout = ?, closed_on = ? WHERE id = ? AND status = 'live' AND expire_date = ?`,
      );
      let changes = 0;
      for (const row of settled) changes += settle.run(row.payout, today, row.id, row.expireDate).changes;
      if (changes !== settled.length) throw new Error(`settlement set: ${changes} of ${settled.length} contracts settled`);
    }
    if (renewed.length > 0) {
      const renew = prepared(
        db,
        `UPDATE contracts SET purchase_date = ?, expire_date = ?, purchase_price = ?, renewal_count = ?, renewal_elected = 0
          WHERE id = ? AND status = 'live' AND renewal_elected = 1 AND expire_date = ?`,
      );
      let changes = 0;
      for (const { id, oldExpireDate, term } of renewed) {
        changes += renew.run(term.purchaseDate, term.expireDate, term.purchasePrice, term.renewalCount, id, oldExpireDate).changes;
      }
      if (changes !== renewed.length) throw new Error(`settlement set: ${changes} of ${renewed.length} contracts renewed`);
    }
  });
}

/** settleAndRenew's two guarded UPDATEs on PostgreSQL, each over the whole set. */
async function settleAndRenewOnPostgres(db: Database, today: string, settled: readonly SettledContract[], renewed: readonly RenewedContract[]): Promise<void> {
  if (settled.length > 0) {
    const column = (pick: (row: SettledContract) => string | number, type: 'text' | 'int') => pgArray(settled.map(pick), type);
    const changes = await execute(
      db,
      sql`UPDATE contracts c SET status = 'settled', sale_payout = v.payout, closed_on = ${today}::text
            FROM unnest(${column((row) => row.id, 'text')}, ${column((row) => row.payout, 'int')}, ${column((row) => row.expireDate, 'text')})
                 AS v(id, payout, expire_date)
           WHERE c.id = v.id AND c.status = 'live' AND c.expire_date = v.expire_date`,
    );
    if (changes !== settled.length) throw new Error(`settlement set: ${changes} of ${settled.length} contracts settled`);
  }
  if (renewed.length > 0) {
    const column = (pick: (row: RenewedContract) => string | number, type: 'text' | 'int') => pgArray(renewed.map(pick), type);
    const changes = await execute(
      db,
      sql`UPDATE contracts c SET purchase_date = v.purchase_date, expire_date = v.expire_date, purchase_price = v.purchase_price,
                 renewal_count = v.renewal_count, renewal_elected = false
            FROM unnest(${column((row) => row.id, 'text')}, ${column((row) => row.term.purchaseDate, 'text')},
                        ${column((row) => row.term.expireDate, 'text')}, ${column((row) => row.term.purchasePrice, 'int')},
                        ${column((row) => row.term.renewalCount, 'int')}, ${column((row) => row.oldExpireDate, 'text')})
                 AS v(id, purchase_date, expire_date, purchase_price, renewal_count, old_expire_date)
           WHERE c.id = v.id AND c.status = 'live' AND c.renewal_elected AND c.expire_date = v.old_expire_date`,
    );
    if (changes !== renewed.length) throw new Error(`settlement set: ${changes} of ${renewed.length} contracts renewed`);
  }
}

/** The set's ledger entries, in order: one prepared statement run per entry (see recordActivities). */
export async function recordLedgerEntries(db: Database, entries: readonly SweepLedgerEntry[], createdAt: string): Promise<void> {
  return writeTransaction(db, async (db) => {
    if (entries.length === 0) return;
    if (dialectOf(db) === 'postgres') {
      // one statement; WITH ORDINALITY keeps the entries' order, so their ids rise in it
      const column = (pick: (entry: SweepLedgerEntry) => string | number, type: 'text' | 'int') => pgArray(entries.map(pick), type);
      await execute(
        db,
        sql`INSERT INTO ledger_entries (team_id, contract_id, kind, amount, created_at)
            SELECT e.team_id, e.contract_id, e.kind, e.amount, ${createdAt}::text
              FROM unnest(${column((entry) => entry.teamId, 'text')}, ${column((entry) => entry.contractId, 'text')},
                          ${column((entry) => entry.kind, 'text')}, ${column((entry) => entry.amount, 'int')})
                   WITH ORDINALITY AS e(team_id, contract_id, kind, amount, position)
             ORDER BY e.position`,
      );
      return;
    }
    const insert = prepared(db, 'INSERT INTO ledger_entries (team_id, contract_id, kind, amount, created_at) VALUES (?, ?, ?, ?, ?)');
    for (const entry of entries) insert.run(entry.teamId, entry.contractId, entry.kind, entry.amount, createdAt);
  });
}

/** One version step for each league the set touched (store/league-versions.ts). */
export async function bumpLeagueVersions(db: Database, leagueIds: readonly string[]): Promise<void> {
  return writeTransaction(db, async (db) => {
    if (dialectOf(db) === 'postgres') {
      await execute(db, sql`UPDATE leagues SET version = version + 1 WHERE id = ANY(${pgArray([...new Set(leagueIds)], 'text')})`);
      return;
    }
    prepared(db, 'UPDATE leagues SET version = version + 1 WHERE id IN (SELECT value FROM json_each(?))').run(JSON.stringify([...new Set(leagueIds)]));
  });
}
