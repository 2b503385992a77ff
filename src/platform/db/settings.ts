import { eq } from 'drizzle-orm';
import { type Database, writeTransaction } from './database';
import { first, tablesOf } from './dialect';

export async function readSetting(db: Database, key: string): Promise<string | undefined> {
  const { settings } = tablesOf(db);
  return (await first(db.select().from(settings).where(eq(settings.key, key))))?.value;
}

/** Answers the stored value either way. */
export async function writeSettingOnce(db: Database, key: string, value: string): Promise<string> {
  return writeTransaction(db, async (tx) => {
    const { settings } = tablesOf(tx);
    await tx.insert(settings).values({ key, value }).onConflictDoNothing();
    return (await readSetting(tx, key)) ?? value;
  });
}

export async function writeSetting(db: Database, key: string, value: string): Promise<void> {
  await writeTransaction(db, async (tx) => {
    const { settings } = tablesOf(tx);
    await tx.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  });
}
