/**
 * Which in-season days have no performances: what `fantasy status` reports and what a
 * catch-up `collect` scores. A league's day needs scoring when the league was in season on
 * it and had a team by its end (the same teams the scoring inputs list).
 */
import { addDays, dayStart, utcDay } from '../../domain/dates';
import { isInSeasonOn } from '../../domain/leagues';
import { catchUpWindow, isScoringOverdue } from '../../domain/operations';
import type { Database } from '../../platform/db/database';
import { allLeagues, type LeagueRow } from '../leagues/store';
import { firstTeamsOfLeagues, scoredDaysOfTeam } from '../operations/store';

export interface LeagueScoring {
  leagueId: string;
  name: string;
  domain: string;
  lastScoredDay: string | null;
  /** in-season days up to yesterday with no performance, oldest first */
  unscoredDays: string[];
}

/** A league is active when it is (or was) in season on some day of the catch-up window or today. */
function isActive(league: LeagueRow, today: string): boolean {
  return [...catchUpWindow(today), today].some((day) => isInSeasonOn(league, day));
}

/**
 * Every active league with its last scored day and the in-season days it lacks, from its
 * season's first day to yesterday. `overdueOnly` leaves out days whose scoring time has not
 * come yet (yesterday before the 05:00 job), which are no reason to alarm anyone.
 */
export async function leagueScoring(db: Database, now: Date, options: { overdueOnly: boolean }): Promise<LeagueScoring[]> {
  const today = utcDay(now);
  const yesterday = addDays(today, -1);
  const active = (await allLeagues(db)).filter((league) => isActive(league, today));
  const firstTeams = await firstTeamsOfLeagues(db, active.map((league) => league.id));
  const scoring: LeagueScoring[] = [];
  for (const league of active) {
    const seasonStart = utcDay(new Date(league.startDate));
    const first = firstTeams.get(league.id);
    const unscoredDays: string[] = [];
    if (!first) {
      scoring.push({ leagueId: league.id, name: league.name, domain: league.domain, lastScoredDay: null, unscoredDays });
      continue;
    }
    const scored = await scoredDaysOfTeam(db, first.teamId, seasonStart, yesterday);
    for (let day = seasonStart; day <= yesterday; day = addDays(day, 1)) {
      if (!isInSeasonOn(league, day) || scored.days.has(day)) continue;
      // no team existed by the end of the day: nothing to score
      if (Date.parse(first.joinedAt) >= dayStart(addDays(day, 1)).getTime()) continue;
      if (options.overdueOnly && !isScoringOverdue(day, now)) continue;
      unscoredDays.push(day);
    }
    scoring.push({ leagueId: league.id, name: league.name, domain: league.domain, lastScoredDay: scored.last, unscoredDays });
  }
  return scoring;
}

/**
 * The days a catch-up scores, oldest first: every unscored in-season day of the last week,
 * and yesterday always (re-scoring a scored day overwrites it with the same facts).
 */
export async function daysToCatchUp(db: Database, now: Date): Promise<string[]> {
  const window = new Set(catchUpWindow(utcDay(now)));
  const days = new Set([addDays(utcDay(now), -1)]);
  for (const league of await leagueScoring(db, now, { overdueOnly: false })) {
    for (const day of league.unscoredDays) if (window.has(day)) days.add(day);
  }
  return [...days].sort();
}
