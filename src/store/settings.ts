import { eq } from 'drizzle-orm';
import { type Database, writeTransaction } from './database';
import { settings } from './schema';

/** Small facts the service keeps about itself: the generated signing secret, job runs. */
export async function readSetting(db: Database, key: string): Promise<string | undefined> {
  return db.select().from(settings).where(eq(settings.key, key)).get()?.value;
}

/** Writes the value unless one exists; answers the stored value either way. */
export async function writeSettingOnce(db: Database, key: string, value: string): Promise<string> {
  return writeTransaction(db, async (tx) => {
    tx.insert(settings).values({ key, value }).onConflictDoNothing().run();
    return (await readSetting(tx, key)) ?? value;
  });
}

export async function writeSetting(db: Database, key: string, value: string): Promise<void> {
  await writeTransaction(db, (tx) => tx.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } }).run());
}
