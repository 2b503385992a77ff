/** A save appends a version; reads show the newest one with sold/settled contracts dropped. */
import type { Clock } from '../../platform/clock';
import { utcDay } from '../../domain/dates';
import { accepted, type Checked } from '../../domain/checked';
import { fail } from '../../domain/errors';
import { SCHEMAS } from '../../domain/formations';
import { isLeagueInactive } from '../../domain/leagues';
import { chemistryView, placeLineup, shownLineup } from '../../domain/lineup';
import type { Database } from '../../platform/db/database';
import { writeTransaction } from '../../platform/db/database';
import { findLeague, findTeamWithPlayer, type TeamRow } from '../leagues/store';
import { existingLeague } from '../leagues/lookups';
import { appendLineupVersion, latestLineupVersion } from './store';
import { contractsOfTeam } from '../contracts/store';
import { recentPerformances } from '../scoring/store';
import { loadContractViews } from '../contracts/views';
import { breakDownPerformances } from '../scoring/performance-breakdowns';
import type { Success } from '../../platform/http/wire/common';
import type { Performance, SaveLineupRequest, TeamLineup } from './wire';

export interface LineupServiceDeps {
  db: Database;
  clock: Clock;
}

export class LineupService {
  constructor(private readonly deps: LineupServiceDeps) {}

  myLineup(team: TeamRow): Promise<TeamLineup> {
    return this.lineupOf(team);
  }

  async teamLineup(leagueId: string, teamId: string): Promise<TeamLineup> {
    const team = await findTeamWithPlayer(this.deps.db, teamId);
    if (!team || team.leagueId !== leagueId) fail('TEAM_NOT_FOUND');
    return this.lineupOf(team);
  }

  /** Ownership is checked against every contract the team ever held, so a sold one is "closed", not "not owned". */
  async saveMyLineup(team: TeamRow, request: Checked<SaveLineupRequest>): Promise<Success> {
    const { db, clock } = this.deps;
    // an archive's line-up stays as it stood at the end (README, game-rule decisions)
    const league = await existingLeague(db, team.leagueId);
    if (isLeagueInactive(league, clock.now())) fail('LEAGUE_INACTIVE');
    const save = accepted(request);
    await writeTransaction(db, async (tx) => {
      const owned = new Map((await contractsOfTeam(tx, team.id)).map((contract) => [contract.id, contract]));
      const lineup = placeLineup(save, owned);
      await appendLineupVersion(tx, { teamId: team.id, schema: lineup.schema, positions: lineup.positions, savedAt: clock.now().toISOString() });
    });
    return { success: true };
  }

  async myPerformances(team: TeamRow, limit: number): Promise<Performance[]> {
    const { db } = this.deps;
    const languageScale = (await findLeague(db, team.leagueId))?.languageScale ?? 1;
    return (await breakDownPerformances(db, team.id, languageScale, await recentPerformances(db, team.id, limit))).map(({ row, formation, breakdown }) => ({
      teamId: row.teamId,
      date: row.date,
      points: row.points,
      formation,
      breakdown,
    }));
  }


  private async lineupOf(team: TeamRow): Promise<TeamLineup> {
    const { db, clock } = this.deps;
    const version = await latestLineupVersion(db, team.id);
    const { schema, positions: stored } = shownLineup(version);

    const league = await findLeague(db, team.leagueId);
    // An archive shows the line-up of the season's last scored day: contracts ended since still stand where fielded.
    const endDay = league && isLeagueInactive(league, clock.now()) ? utcDay(new Date(league.closedAt ?? league.endDate)) : null;
    const live = (await contractsOfTeam(db, team.id)).filter(
      (contract) => contract.status === 'live' || (endDay !== null && contract.closedOn !== null && contract.closedOn >= endDay),
    );
    // current prices from the cache only, so a read never waits upstream
    const viewsById = new Map((await loadContractViews(db, live, utcDay(clock.now()), clock.now())).map((view) => [view.id, view]));
    const liveById = new Map(live.map((contract) => [contract.id, contract]));

    const formation: TeamLineup['formation']['formation'] = {};
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
        // Levels are `empty` on reads; the client resolves links, the engine scores them
        chemistry: chemistryView(schema),
      },
      bench: live.filter((contract) => !placedIds.has(contract.id)).flatMap((contract) => viewsById.get(contract.id) ?? []),
    };
  }
}
