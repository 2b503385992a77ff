/** The key cannot be computed in SQL, so re-keying runs once after the SQL migrations; the version reached is kept in `settings`. */
import { asc, eq } from 'drizzle-orm';
import { TEAM_NAME_KEY_VERSION, teamNameKey } from '../../domain/name-keys';
import type { Database } from './database';
import { settings, teams } from './schema/sqlite';

const SETTING_KEY = 'teams.nameKeyVersion';

export interface NameKeyUpgrade {
  rekeyed: number;
  /** look-alike names that joined before the rule: both stay, new ones are refused */
  kept: number;
}

export function upgradeTeamNameKeys(db: Database): NameKeyUpgrade | null {
  // synchronous, like the migrations it follows
  const stored = db.select().from(settings).where(eq(settings.key, SETTING_KEY)).get()?.value;
  if (Number(stored ?? 1) >= TEAM_NAME_KEY_VERSION) return null;
  const client = db.$client;
  return client
    .transaction(() => {
      let rekeyed = 0;
      let kept = 0;
      // oldest first: where two names now collide, the team that took the name first keeps it
      const rows = db.select({ id: teams.id, leagueId: teams.leagueId, name: teams.name, nameKey: teams.nameKey }).from(teams).orderBy(asc(teams.joinedAt), asc(teams.id)).all();
      const taken = new Set(rows.map((row) => `${row.leagueId}\n${row.nameKey}`));
      for (const row of rows) {
        const key = teamNameKey(row.name);
        if (key === row.nameKey) continue;
        const slot = `${row.leagueId}\n${key}`;
        if (taken.has(slot)) {
          kept++;
          continue;
        }
        db.update(teams).set({ nameKey: key }).where(eq(teams.id, row.id)).run();
        taken.delete(`${row.leagueId}\n${row.nameKey}`);
        taken.add(slot);
        rekeyed++;
      }
      const value = String(TEAM_NAME_KEY_VERSION);
      db.insert(settings).values({ key: SETTING_KEY, value }).onConflictDoUpdate({ target: settings.key, set: { value } }).run();
      return { rekeyed, kept };
    })
    .immediate();
}
