import { inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { type Database, IN_BATCH, writeTransaction } from '../../platform/db/database';
import { rowsOf, tablesOf } from '../../platform/db/dialect';
import { ledgerEntries } from '../../platform/db/schema/sqlite';
import { STARTING_CREDITS } from '../../domain/pricing';

/**
 * credits = 1000 + Σ ledger amounts of the team; derived on every read, never stored. The one
 * place the formula is written: `creditsSql` for drizzle queries, `creditsText` for raw
 * statements (the buy's read and its guarded INSERT), both from the same text.
 */
export function creditsText(team: string): string {
  // Columns spelled with their table: drizzle leaves them bare in a one-table select, where
  // the subquery would read its own `id` instead of the outer team's. The table renders as its
  // quoted name, the same on both engines; PostgreSQL's sum is a bigint, sent as text, so
  // readers take the value through Number.
  return `(${STARTING_CREDITS} + (SELECT coalesce(sum("ledger_entries"."amount"), 0) FROM "ledger_entries" WHERE "ledger_entries"."team_id" = ${team}))`;
}

const TEAM_SLOT = '\u0000';

export function creditsSql(teamId: SQLWrapper | string): SQL<number> {
  const [before, after] = creditsText(TEAM_SLOT).split(TEAM_SLOT);
  return sql<number>`${sql.raw(before!)}${teamId}${sql.raw(after!)}`.mapWith(Number);
}

export async function creditsOf(db: Database, teamId: string): Promise<number> {
  const [row] = await rowsOf<{ credits: number | string }>(db, sql`SELECT ${creditsSql(teamId)} AS credits`);
  return Number(row!.credits);
}

/** Credits of many teams, in statements of at most IN_BATCH parameters (SQLite caps them). */
export async function creditsOfTeams(db: Database, teamIds: readonly string[]): Promise<Map<string, number>> {
  const { teams } = tablesOf(db);
  const out = new Map<string, number>(teamIds.map((id) => [id, STARTING_CREDITS]));
  const distinct = [...out.keys()];
  for (let i = 0; i < distinct.length; i += IN_BATCH) {
    const rows = await db
      .select({ teamId: teams.id, credits: creditsSql(sql`${teams}."id"`) })
      .from(teams)
      .where(inArray(teams.id, distinct.slice(i, i + IN_BATCH)));
    for (const row of rows) out.set(row.teamId, row.credits);
  }
  return out;
}

export async function recordLedgerEntry(
  db: Database,
  entry: { teamId: string; contractId: string; kind: (typeof ledgerEntries.$inferInsert)['kind']; amount: number; createdAt: string },
): Promise<void> {
  return writeTransaction(db, async (db) => {
    const { ledgerEntries } = tablesOf(db);
    await db.insert(ledgerEntries).values(entry);
  });
}
