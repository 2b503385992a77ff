import { and, eq } from 'drizzle-orm';
import { type Database, writeTransaction } from '../../platform/db/database';
import { first, tablesOf, touched } from '../../platform/db/dialect';
import { selectRow } from '../../platform/db/statements';
import type { players } from '../../platform/db/schema/sqlite';

/** Written once, never updated or deleted: the auth service keeps session players in memory on that promise. */
export type PlayerRow = typeof players.$inferSelect;

export async function findPlayerBySubject(db: Database, subject: string): Promise<PlayerRow | undefined> {
  const text = `SELECT id, subject, username, username_key AS "usernameKey", name, email, picture, created_at AS "createdAt"
    FROM players WHERE subject = ?`;
  return selectRow<PlayerRow>(db, text, subject);
}

export async function isUsernameTaken(db: Database, key: string): Promise<boolean> {
  const { players } = tablesOf(db);
  return (await first(db.select({ id: players.id }).from(players).where(eq(players.usernameKey, key)))) !== undefined;
}

export async function insertPlayer(db: Database, row: typeof players.$inferInsert): Promise<PlayerRow> {
  return writeTransaction(db, async (tx) => {
    const { players } = tablesOf(tx);
    return (await tx.insert(players).values(row).returning())[0];
  });
}

export async function insertCredential(db: Database, playerId: string, record: string, createdAt: string): Promise<void> {
  return writeTransaction(db, async (tx) => {
    const { passwordCredentials } = tablesOf(tx);
    await tx.insert(passwordCredentials).values({ playerId, record, createdAt });
  });
}

/** Swaps a player's record for a new one only if it is still `oldRecord`; false when it was not. */
export async function replaceCredential(db: Database, playerId: string, oldRecord: string, record: string): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    const { passwordCredentials } = tablesOf(tx);
    const result = await tx
      .update(passwordCredentials)
      .set({ record })
      .where(and(eq(passwordCredentials.playerId, playerId), eq(passwordCredentials.record, oldRecord)));
    return touched(result) === 1;
  });
}

/**
 * A reset or a change the player proved: the record becomes `record` whatever it was, and
 * `created_at` says when, since a new password is a new credential (sessions signed in before
 * it end). A rehash keeps the password, so replaceCredential leaves the time alone.
 */
export async function setCredential(db: Database, playerId: string, record: string, setAt: string): Promise<void> {
  return writeTransaction(db, async (tx) => {
    const { passwordCredentials } = tablesOf(tx);
    await tx.update(passwordCredentials).set({ record, createdAt: setAt }).where(eq(passwordCredentials.playerId, playerId));
  });
}

/** When the password of the account with this subject was set; undefined for a subject without one. */
export async function credentialSetAt(db: Database, subject: string): Promise<string | undefined> {
  const text = `SELECT c.created_at AS "setAt" FROM password_credentials c JOIN players p ON p.id = c.player_id WHERE p.subject = ?`;
  return (await selectRow<{ setAt: string }>(db, text, subject))?.setAt;
}

export async function findCredentialByUsernameKey(db: Database, key: string): Promise<{ player: PlayerRow; record: string } | undefined> {
  const { players, passwordCredentials } = tablesOf(db);
  return first(
    db
      .select({ player: players, record: passwordCredentials.record })
      .from(players)
      .innerJoin(passwordCredentials, eq(passwordCredentials.playerId, players.id))
      .where(eq(players.usernameKey, key)),
  );
}

/** Inserts the player unless one with that id exists (seeded players such as the system admin). */
export async function ensurePlayer(db: Database, row: typeof players.$inferInsert): Promise<void> {
  return writeTransaction(db, async (tx) => {
    const { players } = tablesOf(tx);
    await tx.insert(players).values(row).onConflictDoNothing({ target: players.id });
  });
}
