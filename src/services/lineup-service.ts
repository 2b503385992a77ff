/**
 * Line-ups (§3.4, §13 TeamLineup) and the caller's performance records (§4.5). A save
 * appends a version; reads show the newest one with sold/settled contracts dropped.
 */
import type { Clock } from '../clock';
import type { ChemistryLevel } from '../domain/chemistry';
import { addDays, utcDay } from '../domain/dates';
import { scoreBreakdown, type ScoreBreakdown } from '../domain/scoring';
import { fail } from '../domain/errors';
import { SCHEMAS, type Schema } from '../domain/formations';
import { chemistryView, parseLineupSave, shownLineup } from '../domain/lineup';
import type { Database } from '../store/database';
import { writeTransaction } from '../store/database';
import { findCurrentTeam, findLeague, findTeamWithPlayer, type TeamRow } from '../store/leagues';
import { appendLineupVersion, latestLineupVersion, lineupVersionsOfTeam } from '../store/lineups';
import { contractsOfTeam } from '../store/contracts';
import { chemistryLevelsFromJson, numbersFromJson, stringRecordFromJson } from '../domain/values';
import { recentPerformances } from '../store/performances';
import { loadContractViews } from './contract-views';
import type { ContractView } from './presenters/contract';

export interface LineupServiceDeps {
  db: Database;
  clock: Clock;
}

export interface TeamLineupView {
  formation: {
    /** instant of the last save */
    date: string;
    schema: Schema;
    /** occupied positions only (§13): an empty position is absent, never `null` */
    formation: Record<string, ContractView>;
    chemistry: { from: string; to: string; level: ChemistryLevel }[];
  };
  bench: ContractView[];
}

export interface PerformanceView {
  teamId: string;
  date: string;
  points: number;
  formation: Record<string, string>;
  /** an addition: what scored the day, per placed article and per chemistry link */
  breakdown: ScoreBreakdown;
}

const DEFAULT_PERFORMANCE_LIMIT = 2;
/** More days than any team can have; keeps a huge `limit` from reaching SQLite as a float. */
const MAX_PERFORMANCE_LIMIT = 100_000;

/** A decimal number as people write it: `3`, `-4`, `2.5`, `1e30`; not `Infinity`, `0x10` or `3days`. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** `limit` query: default 2, floored at 1, anything non-numeric is the default. */
export function performanceLimit(raw: unknown): number {
  if (typeof raw !== 'string' || !DECIMAL.test(raw.trim())) return DEFAULT_PERFORMANCE_LIMIT;
  // `1e400` overflows to Infinity: still a number, and it means "every day"
  const value = Number(raw.trim());
  return Math.min(MAX_PERFORMANCE_LIMIT, Math.max(1, Math.floor(value)));
}

export class LineupService {
  constructor(private readonly deps: LineupServiceDeps) {}

  myLineup(playerId: string, leagueId: string): TeamLineupView {
    return this.lineupOf(this.currentTeam(playerId, leagueId));
  }

  /** Read-only view of any team of the league, departed ones included. */
  teamLineup(leagueId: string, teamId: string): TeamLineupView {
    const team = findTeamWithPlayer(this.deps.db, teamId);
    if (!team || team.leagueId !== leagueId) fail('TEAM_NOT_FOUND');
    return this.lineupOf(team);
  }

  /**
   * Replaces the line-up wholesale by appending a version stamped now. Ownership is checked
   * against every contract the team ever held, so a sold one is "closed", not "not owned".
   */
  saveMyLineup(playerId: string, leagueId: string, body: unknown): void {
    const { db, clock } = this.deps;
    const team = this.currentTeam(playerId, leagueId);
    writeTransaction(db, (tx) => {
      const owned = new Map(contractsOfTeam(tx, team.id).map((contract) => [contract.id, contract]));
      const lineup = parseLineupSave(body, owned);
      appendLineupVersion(tx, { teamId: team.id, schema: lineup.schema, positions: lineup.positions, savedAt: clock.now().toISOString() });
    });
  }

  myPerformances(playerId: string, leagueId: string, limit: number): PerformanceView[] {
    const { db } = this.deps;
    const team = this.currentTeam(playerId, leagueId);
    const languageScale = findLeague(db, leagueId)?.languageScale ?? 1;
    // read once, not per day: the schema that stood at the end of a day is the one its links
    // were scored on (§4.3)
    const versions = lineupVersionsOfTeam(db, team.id);
    const standingAtEndOf = (date: string) => {
      const endOfDay = `${addDays(date, 1)}T00:00:00.000Z`;
      return versions.findLast((version) => version.savedAt < endOfDay);
    };
    return recentPerformances(db, team.id, limit).map((row) => {
      const formation = stringRecordFromJson(row.formationSnapshot);
      const standing = standingAtEndOf(row.date);
      return {
        teamId: row.teamId,
        date: row.date,
        points: row.points,
        formation,
        breakdown: scoreBreakdown({
          schema: standing?.schema ?? null,
          snapshot: formation,
          articleViews: numbersFromJson(row.articleViews),
          chemistryLevels: chemistryLevelsFromJson(row.chemistryLevels),
          languageScale,
        }),
      };
    });
  }

  private currentTeam(playerId: string, leagueId: string): TeamRow {
    const team = findCurrentTeam(this.deps.db, leagueId, playerId);
    if (!team) fail('NO_TEAM_IN_LEAGUE');
    return team;
  }

  private lineupOf(team: TeamRow): TeamLineupView {
    const { db, clock } = this.deps;
    const version = latestLineupVersion(db, team.id);
    const { schema, positions: stored } = shownLineup(version);

    const live = contractsOfTeam(db, team.id).filter((contract) => contract.status === 'live');
    // the shared wire form; current prices come from the cache only, so a read never waits upstream
    const viewsById = new Map(loadContractViews(db, live, utcDay(clock.now())).map((view) => [view.id, view]));
    const liveById = new Map(live.map((contract) => [contract.id, contract]));

    const formation: Record<string, ContractView> = {};
    const placedIds = new Set<string>();
    for (const position of SCHEMAS[schema]) {
      const contract = liveById.get(stored[position] ?? '');
      const view = contract && viewsById.get(contract.id);
      if (contract && view && !placedIds.has(contract.id)) {
        placedIds.add(contract.id);
        formation[position] = view;
      }
    }

    return {
      formation: {
        date: version?.savedAt ?? team.joinedAt,
        schema,
        formation,
        // §13: levels are `empty` on reads; the client resolves links, the engine scores them
        chemistry: chemistryView(schema),
      },
      bench: live.filter((contract) => !placedIds.has(contract.id)).flatMap((contract) => viewsById.get(contract.id) ?? []),
    };
  }
}
