import { inArray, sql, eq } from 'drizzle-orm';
import { type Database, IN_BATCH } from './database';
import { ledgerEntries } from './schema';
import { STARTING_CREDITS } from '../domain/pricing';


/** credits = 1000 + Σ ledger amounts of the team; derived on every read, never stored. */
export function creditsOf(db: Database, teamId: string): number {
  const row = db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.teamId, teamId))
    .get();
  return STARTING_CREDITS + Number(row?.total ?? 0);
}

/** Credits of many teams, in statements of at most IN_BATCH parameters (SQLite caps them). */
export function creditsOfTeams(db: Database, teamIds: readonly string[]): Map<string, number> {
  const out = new Map<string, number>(teamIds.map((id) => [id, STARTING_CREDITS]));
  const distinct = [...out.keys()];
  for (let i = 0; i < distinct.length; i += IN_BATCH) {
    const rows = db
      .select({ teamId: ledgerEntries.teamId, total: sql<number>`sum(${ledgerEntries.amount})` })
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.teamId, distinct.slice(i, i + IN_BATCH)))
      .groupBy(ledgerEntries.teamId)
      .all();
    for (const row of rows) out.set(row.teamId, STARTING_CREDITS + Number(row.total));
  }
  return out;
}

export function recordLedgerEntry(
  db: Database,
  entry: { teamId: string; contractId: string; kind: (typeof ledgerEntries.$inferInsert)['kind']; amount: number; createdAt: string },
): void {
  db.insert(ledgerEntries).values(entry).run();
}
