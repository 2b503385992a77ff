import { eq } from 'drizzle-orm';
import type { Database } from './database';
import { languageScales } from './schema';

export type LanguageScaleRow = typeof languageScales.$inferSelect;

/** The registry row of an edition (§1.2), if it was ever measured or seeded. */
export function findLanguageScale(db: Database, domain: string): LanguageScaleRow | undefined {
  return db.select().from(languageScales).where(eq(languageScales.domain, domain)).get();
}

/**
 * §1.3 step 9: insert-if-absent, then re-read. A concurrent first calibration of the same
 * edition may have won; every league then freezes the stored value, never our measurement.
 */
export function recordLanguageScale(db: Database, row: LanguageScaleRow): LanguageScaleRow {
  db.insert(languageScales).values(row).onConflictDoNothing({ target: languageScales.domain }).run();
  return findLanguageScale(db, row.domain)!;
}
