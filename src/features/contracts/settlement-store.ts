/**
 * The settlement sweep's writes for a set of contracts, in one write transaction per
 * set, so a set commits whole or not at all: the contracts re-read and their teams' credits
 * in one statement each (the ids as one parameter), then the guarded UPDATEs and the ledger
 * entries, on SQLite one prepared statement (prepared once per connection) run per row. Set
 * statements over json_each were tried there too and cost more than the rows' own runs: SQLite
 * parses a row's JSON object again for every field it extracts, and an UPDATE … FROM json_each
 * had to be kept from walking every live contract by its (status, expiry) index. On PostgreSQL
 * each write is one statement for the whole set, so a set of 2,000 contracts is a handful of
 * round trips, not thousands.
 */
import type { ExpiringContract, RenewedTerm } from '../../domain/settlement';
import type { ContractRow } from './store';
import { type Database, writeTransaction } from '../../platform/db/database';
import { boundList, runForEachRow, runStatement, selectRows } from '../../platform/db/statements';

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
  const contracts = boundList(db, ids);
  const rows = await selectRows<ContractNow>(
    db,
    `SELECT c.id, c.league_id AS "leagueId", c.team_id AS "teamId", c.article_id AS "articleId", c.status,
            c.purchase_date AS "purchaseDate", c.expire_date AS "expireDate", c.purchase_price AS "purchasePrice",
            c.renewal_count AS "renewalCount", c.renewal_elected AS "renewalElected", t.name AS "teamName", t.player_id AS "playerId"
       FROM contracts c JOIN teams t ON t.id = c.team_id
      WHERE c.id ${contracts.in}`,
    contracts.value,
  );
  // SQLite keeps the flag as 0 or 1
  return new Map(rows.map((row) => [row.id, { ...row, renewalElected: Boolean(row.renewalElected) }]));
}

/** credits = 1000 + Σ ledger amounts (ledger-store.ts), for many teams in one statement: the Σ part. */
export async function ledgerSumsOf(db: Database, teamIds: readonly string[]): Promise<Map<string, number>> {
  const teams = boundList(db, [...new Set(teamIds)]);
  const rows = await selectRows<{ teamId: string; spent: number }>(
    db,
    `SELECT team_id AS "teamId", CAST(sum(amount) AS INTEGER) AS spent FROM ledger_entries WHERE team_id ${teams.in} GROUP BY team_id`,
    teams.value,
  );
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
 * Settles (status settled, the payout, the day) and renews in place (the row keeps its
 * id, so line-ups keep pointing at it, and its `heldSince`), each UPDATE guarded by the
 * precondition (still live, still the term priced; a renewal still elected), and throws when a guard holds for
 * fewer rows than asked: the caller re-read them in this transaction, so that cannot happen
 * short of a bug, and the throw undoes the whole set rather than pay for a row not moved.
 */
export async function settleAndRenew(db: Database, today: string, settled: readonly SettledContract[], renewed: readonly RenewedContract[]): Promise<void> {
  return writeTransaction(db, async (db) => {
    const settledRows = await runForEachRow(
      db,
      `UPDATE contracts SET status = 'settled', sale_payout = ?, closed_on = ? /*FROM each row*/
        WHERE id = ? AND status = 'live' AND expire_date = ?`,
      ['int', 'text', 'text', 'text'],
      settled.map((row) => [row.payout, today, row.id, row.expireDate]),
    );
    if (settledRows !== settled.length) throw new Error(`settlement set: ${settledRows} of ${settled.length} contracts settled`);
    const renewedRows = await runForEachRow(
      db,
      `UPDATE contracts SET purchase_date = ?, expire_date = ?, purchase_price = ?, renewal_count = ?, renewal_elected = false /*FROM each row*/
        WHERE id = ? AND status = 'live' AND renewal_elected AND expire_date = ?`,
      ['text', 'text', 'int', 'int', 'text', 'text'],
      renewed.map(({ id, oldExpireDate, term }) => [term.purchaseDate, term.expireDate, term.purchasePrice, term.renewalCount, id, oldExpireDate]),
    );
    if (renewedRows !== renewed.length) throw new Error(`settlement set: ${renewedRows} of ${renewed.length} contracts renewed`);
  });
}

/** The set's ledger entries, in order (their ids rise in it). */
export async function recordLedgerEntries(db: Database, entries: readonly SweepLedgerEntry[], createdAt: string): Promise<void> {
  return writeTransaction(db, async (db) => {
    await runForEachRow(
      db,
      'INSERT INTO ledger_entries (team_id, contract_id, kind, amount, created_at) VALUES (?, ?, ?, ?, ?)',
      ['text', 'text', 'text', 'int', 'text'],
      entries.map((entry) => [entry.teamId, entry.contractId, entry.kind, entry.amount, createdAt]),
    );
  });
}

/** One version step for each league the set touched (league-versions-store.ts). */
export async function bumpLeagueVersions(db: Database, leagueIds: readonly string[]): Promise<void> {
  return writeTransaction(db, async (db) => {
    const leagues = boundList(db, [...new Set(leagueIds)]);
    await runStatement(db, `UPDATE leagues SET version = version + 1 WHERE id ${leagues.in}`, leagues.value);
  });
}
