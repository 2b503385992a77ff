import { eq } from 'drizzle-orm';
import type { Database } from './database';
import { settings } from './schema';

/** Small facts the service keeps about itself: the generated signing secret, job runs. */
export function readSetting(db: Database, key: string): string | undefined {
  return db.select().from(settings).where(eq(settings.key, key)).get()?.value;
}

/** Writes the value unless one exists; answers the stored value either way. */
export function writeSettingOnce(db: Database, key: string, value: string): string {
  db.insert(settings).values({ key, value }).onConflictDoNothing().run();
  return readSetting(db, key) ?? value;
}

export function writeSetting(db: Database, key: string, value: string): void {
  db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } }).run();
}
