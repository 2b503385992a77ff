/** Every save kept with its time, so a past day keeps the line-up it had. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { stringRecordFromJson } from '../../domain/values';
import { type Database, IN_BATCH, writeTransaction } from '../../platform/db/database';
import { tablesOf } from '../../platform/db/dialect';
import { preparedSelect } from '../../platform/db/statements';
import type { lineupVersions } from '../../platform/db/schema/sqlite';

export interface LineupVersion {
  teamId: string;
  schema: string;
  positions: Record<string, string>;
  savedAt: string;
}

function toVersion(row: typeof lineupVersions.$inferSelect): LineupVersion {
  return { teamId: row.teamId, schema: row.schema, positions: stringRecordFromJson(row.positions), savedAt: row.savedAt };
}

/** The team's newest line-up; same-instant saves are ordered by insertion. */
export async function latestLineupVersion(db: Database, teamId: string): Promise<LineupVersion | undefined> {
  const [row] = await preparedSelect(db, 'latestLineupVersion', (db) => {
    const { lineupVersions } = tablesOf(db);
    return db
      .select()
      .from(lineupVersions)
      .where(eq(lineupVersions.teamId, sql.placeholder('teamId')))
      .orderBy(desc(lineupVersions.savedAt), desc(lineupVersions.id))
      .limit(1);
  }, { teamId });
  return row ? toVersion(row) : undefined;
}

/** For many teams at once: each team's version standing just before `before`. */
export async function lineupVersionsStandingBefore(db: Database, teamIds: readonly string[], before: string): Promise<Map<string, LineupVersion>> {
  const { lineupVersions } = tablesOf(db);
  const out = new Map<string, LineupVersion>();
  for (let i = 0; i < teamIds.length; i += IN_BATCH) {
    const batch = teamIds.slice(i, i + IN_BATCH);
    const rows = await db
      .select()
      .from(lineupVersions)
      .where(
        and(
          inArray(lineupVersions.teamId, batch),
          eq(
            lineupVersions.id,
            sql`(select lv.id from lineup_versions lv where lv.team_id = ${lineupVersions.teamId} and lv.saved_at < ${before} order by lv.saved_at desc, lv.id desc limit 1)`,
          ),
        ),
      );
    for (const row of rows) out.set(row.teamId, toVersion(row));
  }
  return out;
}

export async function lineupVersionsOfTeam(db: Database, teamId: string): Promise<LineupVersion[]> {
  const rows = await preparedSelect(db, 'lineupVersionsOfTeam', (db) => {
    const { lineupVersions } = tablesOf(db);
    return db.select().from(lineupVersions).where(eq(lineupVersions.teamId, sql.placeholder('teamId'))).orderBy(lineupVersions.savedAt, lineupVersions.id);
  }, { teamId });
  return rows.map(toVersion);
}

export async function appendLineupVersion(db: Database, version: LineupVersion): Promise<void> {
  return writeTransaction(db, async (tx) => {
    const { lineupVersions } = tablesOf(tx);
    await tx
      .insert(lineupVersions)
      .values({ teamId: version.teamId, schema: version.schema, positions: JSON.stringify(version.positions), savedAt: version.savedAt });
  });
}
