/**
 * The settlement sweep's writes for a set of contracts (§5.10), in one write transaction per
 * set, so a set commits whole or not at all: the contracts re-read and their teams' credits
 * in one statement each (the ids as one JSON array parameter, json_each), then the guarded
 * UPDATEs and the ledger entries, one prepared statement (prepared once per connection) run
 * per row. Set statements over json_each were tried for the writes too and cost more than
 * the rows' own runs: SQLite parses a row's JSON object again for every field it extracts,
 * and an UPDATE … FROM json_each had to be kept from walking every live contract by its
 * (status, expiry) index.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { ExpiringContract, RenewedTerm } from '../domain/settlement';
import type { ContractRow } from './contracts';
import { type Database, preparedOnce, writeTransaction } from './database';

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

/** The set's ledger entries, in order: one prepared statement run per entry (see recordActivities). */
export async function recordLedgerEntries(db: Database, entries: readonly SweepLedgerEntry[], createdAt: string): Promise<void> {
  return writeTransaction(db, async (db) => {
    if (entries.length === 0) return;
    const insert = prepared(db, 'INSERT INTO ledger_entries (team_id, contract_id, kind, amount, created_at) VALUES (?, ?, ?, ?, ?)');
    for (const entry of entries) insert.run(entry.teamId, entry.contractId, entry.kind, entry.amount, createdAt);
  });
}

/** One version step for each league the set touched (store/league-versions.ts). */
export async function bumpLeagueVersions(db: Database, leagueIds: readonly string[]): Promise<void> {
  return writeTransaction(db, async (db) => {
    prepared(db, 'UPDATE leagues SET version = version + 1 WHERE id IN (SELECT value FROM json_each(?))').run(JSON.stringify([...new Set(leagueIds)]));
  });
}
