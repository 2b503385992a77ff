import { and, eq, sql } from 'drizzle-orm';
import { type Database, preparedOnce, writeTransaction } from './database';
import { passwordCredentials, players } from './schema';

/**
 * A player row is written once and never updated or deleted: the auth service keeps the
 * players sessions name in memory on that promise (a rename or an erasure would have to
 * tell it).
 */
export type PlayerRow = typeof players.$inferSelect;

export async function findPlayerBySubject(db: Database, subject: string): Promise<PlayerRow | undefined> {
  const query = preparedOnce(db, 'findPlayerBySubject', () =>
    db.select().from(players).where(eq(players.subject, sql.placeholder('subject'))).prepare(),
  );
  return query.get({ subject });
}

/** `key` is the username's usernameKey (domain/name-keys). */
export async function isUsernameTaken(db: Database, key: string): Promise<boolean> {
  return db.select({ id: players.id }).from(players).where(eq(players.usernameKey, key)).get() !== undefined;
}

export async function insertPlayer(db: Database, row: typeof players.$inferInsert): Promise<PlayerRow> {
  return writeTransaction(db, async (db) => {
    return db.insert(players).values(row).returning().get();
  });
}

export async function insertCredential(db: Database, playerId: string, record: string, createdAt: string): Promise<void> {
  return writeTransaction(db, async (db) => {
    db.insert(passwordCredentials).values({ playerId, record, createdAt }).run();
  });
}

/** Swaps a player's record for a new one only if it is still `oldRecord`; false when it was not. */
export async function replaceCredential(db: Database, playerId: string, oldRecord: string, record: string): Promise<boolean> {
  return writeTransaction(db, async (db) => {
    const result = db
      .update(passwordCredentials)
      .set({ record })
      .where(and(eq(passwordCredentials.playerId, playerId), eq(passwordCredentials.record, oldRecord)))
      .run();
    return result.changes === 1;
  });
}

/** The credential of the username whose usernameKey is `key`, with its player. */
export async function findCredentialByUsernameKey(db: Database, key: string): Promise<{ player: PlayerRow; record: string } | undefined> {
  const row = db
    .select({ player: players, record: passwordCredentials.record })
    .from(players)
    .innerJoin(passwordCredentials, eq(passwordCredentials.playerId, players.id))
    .where(eq(players.usernameKey, key))
    .get();
  return row ?? undefined;
}

/** Inserts the player unless one with that id exists (seeded players such as the system admin). */
export async function ensurePlayer(db: Database, row: typeof players.$inferInsert): Promise<void> {
  return writeTransaction(db, async (db) => {
    db.insert(players).values(row).onConflictDoNothing({ target: players.id }).run();
  });
}
