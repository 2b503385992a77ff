import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from './database';
import { leagues, players, teams } from './schema';

export type LeagueRow = typeof leagues.$inferSelect;
export type TeamRow = typeof teams.$inferSelect;
export type TeamWithPlayer = TeamRow & { playerName: string };

export function findLeague(db: Database, id: string): LeagueRow | undefined {
  return db.select().from(leagues).where(eq(leagues.id, id)).get();
}

/** Current members only: departed teams stay in standings but not in `teamCount`. */
export function currentTeamCount(db: Database, leagueId: string): number {
  const row = db
    .select({ n: sql<number>`count(*)` })
    .from(teams)
    .where(and(eq(teams.leagueId, leagueId), isNull(teams.leftAt)))
    .get();
  return Number(row?.n ?? 0);
}

export function findTeam(db: Database, teamId: string): TeamRow | undefined {
  return db.select().from(teams).where(eq(teams.id, teamId)).get();
}

/** The caller's current (not departed) team in a league. */
export function findCurrentTeam(db: Database, leagueId: string, playerId: string): TeamRow | undefined {
  return db
    .select()
    .from(teams)
    .where(and(eq(teams.leagueId, leagueId), eq(teams.playerId, playerId), isNull(teams.leftAt)))
    .get();
}

export function findTeamWithPlayer(db: Database, teamId: string): TeamWithPlayer | undefined {
  const row = db
    .select({ team: teams, playerName: players.name })
    .from(teams)
    .innerJoin(players, eq(players.id, teams.playerId))
    .where(eq(teams.id, teamId))
    .get();
  return row ? { ...row.team, playerName: row.playerName } : undefined;
}

/** Every team of a league, departed ones included, in join order. */
export function teamsOfLeague(db: Database, leagueId: string): TeamWithPlayer[] {
  return db
    .select({ team: teams, playerName: players.name })
    .from(teams)
    .innerJoin(players, eq(players.id, teams.playerId))
    .where(eq(teams.leagueId, leagueId))
    .orderBy(teams.joinedAt, teams.id)
    .all()
    .map((row) => ({ ...row.team, playerName: row.playerName }));
}
