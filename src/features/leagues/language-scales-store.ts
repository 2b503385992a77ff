import { eq } from 'drizzle-orm';
import { type Database, writeTransaction } from '../../platform/db/database';
import { first, tablesOf } from '../../platform/db/dialect';
import type { languageScales } from '../../platform/db/schema/sqlite';

export type LanguageScaleRow = typeof languageScales.$inferSelect;

/** The registry row of an edition, if it was ever measured or seeded. */
export async function findLanguageScale(db: Database, domain: string): Promise<LanguageScaleRow | undefined> {
  const { languageScales } = tablesOf(db);
  return first(db.select().from(languageScales).where(eq(languageScales.domain, domain)));
}

/**
 * Insert-if-absent, then re-read. A concurrent first calibration of the same
 * edition may have won; every league then freezes the stored value, never our measurement.
 */
export async function recordLanguageScale(db: Database, row: LanguageScaleRow): Promise<LanguageScaleRow> {
  return writeTransaction(db, async (tx) => {
    const { languageScales } = tablesOf(tx);
    await tx.insert(languageScales).values(row).onConflictDoNothing({ target: languageScales.domain });
    return (await findLanguageScale(tx, row.domain))!;
  });
}
