import { count, desc } from 'drizzle-orm';
import { type Database, writeTransaction } from '../../platform/db/database';
import { tablesOf } from '../../platform/db/dialect';

/** A problem report the service keeps itself (no issue tracker configured). */
export interface KeptReport {
  id: number;
  playerId: string;
  category: string;
  title: string;
  body: string;
  contactConsent: boolean;
  diagnostics: Record<string, string>;
  createdAt: string;
}

export async function keepReport(db: Database, report: Omit<KeptReport, 'id'>): Promise<number> {
  return writeTransaction(db, async (tx) => {
    const { problemReports } = tablesOf(tx);
    const [row] = await tx
      .insert(problemReports)
      .values({ ...report, diagnostics: JSON.stringify(report.diagnostics) })
      .returning({ id: problemReports.id });
    return Number(row!.id);
  });
}

export async function keptReports(db: Database, limit: number): Promise<KeptReport[]> {
  const { problemReports } = tablesOf(db);
  const rows = await db.select().from(problemReports).orderBy(desc(problemReports.id)).limit(limit);
  return rows.map((row) => ({ ...row, id: Number(row.id), diagnostics: JSON.parse(row.diagnostics) as Record<string, string> }));
}

export async function countKeptReports(db: Database): Promise<number> {
  const { problemReports } = tablesOf(db);
  const [row] = await db.select({ n: count() }).from(problemReports);
  return Number(row?.n ?? 0);
}
