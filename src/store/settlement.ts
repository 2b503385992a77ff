/**
 * The settlement sweep's writes for a set of contracts (§5.10), a handful of statements per
 * set instead of a handful per contract: the contracts re-read, their teams' credits, then
 * one guarded UPDATE for the settled, one for the renewed, and the ledger entries in
 * multi-row INSERTs. Call inside one write transaction, so a set commits whole or not at all.
 *
 * The ids and values travel as one JSON array parameter each (json_each), so a set of
 * thousands is one statement whatever SQLite's cap on bound parameters. In the UPDATEs the
 * guards' columns carry a unary + so SQLite cannot serve them from an index: left to choose,
 * it walked every live contract by (status, expiry) and scanned the set for each, quadratic;
 * this way it walks the set and finds each contract by its key.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { ExpiringContract, RenewedTerm } from '../domain/settlement';
import type { ContractRow } from './contracts';
import { type Database, preparedOnce } from './database';

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
export function contractsNow(db: Database, ids: readonly string[]): Map<string, ContractNow> {
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
export function ledgerSumsOf(db: Database, teamIds: readonly string[]): Map<string, number> {
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
export function settleAndRenew(db: Database, today: string, settled: readonly SettledContract[], renewed: readonly RenewedContract[]): void {
  if (settled.length > 0) {
    const { changes } = prepared(
      db,
      `UPDATE contracts SET status = 'settled', sale_payout = s.value ->> 'payout', closed_on = ?
         FROM json_each(?) AS s
        WHERE contracts.id = s.value ->> 'id' AND +contracts.status = 'live' AND +contracts.expire_date = s.value ->> 'expireDate'`,
    ).run(today, JSON.stringify(settled));
    if (changes !== settled.length) throw new Error(`settlement set: ${changes} of ${settled.length} contracts settled`);
  }
  if (renewed.length > 0) {
    const rows = renewed.map(({ id, oldExpireDate, term }) => ({ id, oldExpireDate, ...term }));
    const { changes } = prepared(
      db,
      `UPDATE contracts SET purchase_date = r.value ->> 'purchaseDate', expire_date = r.value ->> 'expireDate',
              purchase_price = r.value ->> 'purchasePrice', renewal_count = r.value ->> 'renewalCount', renewal_elected = 0
         FROM json_each(?) AS r
        WHERE contracts.id = r.value ->> 'id' AND +contracts.status = 'live' AND +contracts.renewal_elected = 1
          AND +contracts.expire_date = r.value ->> 'oldExpireDate'`,
    ).run(JSON.stringify(rows));
    if (changes !== renewed.length) throw new Error(`settlement set: ${changes} of ${renewed.length} contracts renewed`);
  }
}

/**
 * The set's ledger entries, in order, in one statement. Not drizzle's multi-row insert: it
 * built and bound 2,000 rows at ~50 µs a row, more than the rest of the set's work.
 */
export function recordLedgerEntries(db: Database, entries: readonly SweepLedgerEntry[], createdAt: string): void {
  if (entries.length === 0) return;
  prepared(
    db,
    `INSERT INTO ledger_entries (team_id, contract_id, kind, amount, created_at)
     SELECT e.value ->> 'teamId', e.value ->> 'contractId', e.value ->> 'kind', e.value ->> 'amount', ? FROM json_each(?) AS e ORDER BY e.key`,
  ).run(createdAt, JSON.stringify(entries));
}

/** One version step for each league the set touched (store/league-versions.ts). */
export function bumpLeagueVersions(db: Database, leagueIds: readonly string[]): void {
  prepared(db, 'UPDATE leagues SET version = version + 1 WHERE id IN (SELECT value FROM json_each(?))').run(JSON.stringify([...new Set(leagueIds)]));
}
