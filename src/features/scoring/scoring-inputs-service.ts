/**
 * `GET /internal/v1/scoring-inputs`: what each scorable team fielded on day D. The
 * line-up used is the version that stood at the end of D (Proposed), so an edit made
 * after midnight never changes a past day.
 */
import { addDays } from '../../domain/dates';
import { DEFAULT_SCHEMA } from '../../domain/formations';
import { isInSeasonOn } from '../../domain/leagues';
import { type PlacedContract, scoringInputForTeam } from '../../domain/scoring';
import type { Database } from '../../platform/db/database';
import { type ContractRow, contractsOfTeams } from '../contracts/store';
import { allLeagues, teamsOfLeagues } from '../leagues/store';
import { lineupVersionsStandingBefore } from '../lineups/store';
import type { ScoringInput } from './wire';

/** kept under this name for the collector, which reads the same inputs */

export interface ScoringInputsServiceDeps {
  db: Database;
}

function toPlaced(contract: ContractRow): PlacedContract {
  return {
    contractId: contract.id,
    articleId: contract.articleId,
    purchaseDate: contract.purchaseDate,
    heldSince: contract.heldSince,
    expireDate: contract.expireDate,
    status: contract.status,
    closedOn: contract.closedOn,
  };
}

export class ScoringInputsService {
  constructor(private readonly deps: ScoringInputsServiceDeps) {}

  /**
   * One entry per team in season on `date` (Proposed) that existed by the end of it,
   * departed players' teams included; a team with nothing placed still gets an entry so
   * its day is recorded as 0 points. Ordered by league age, then join order.
   */
  async inputsFor(date: string): Promise<ScoringInput[]> {
    const { db } = this.deps;
    const endOfDay = `${addDays(date, 1)}T00:00:00.000Z`;
    const endOfDayMs = Date.parse(endOfDay);
    const leagues = (await allLeagues(db)).filter((league) => isInSeasonOn(league, date));
    if (leagues.length === 0) return [];
    const leagueOrder = new Map(leagues.map((league, index) => [league.id, index]));
    const leagueById = new Map(leagues.map((league) => [league.id, league]));

    const teams = (await teamsOfLeagues(db, [...leagueOrder.keys()]))
      .filter((team) => !(Date.parse(team.joinedAt) >= endOfDayMs))
      .sort(
        (a, b) =>
          leagueOrder.get(a.leagueId)! - leagueOrder.get(b.leagueId)! ||
          Date.parse(a.joinedAt) - Date.parse(b.joinedAt) ||
          (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      );
    const teamIds = teams.map((team) => team.id);
    const versions = await lineupVersionsStandingBefore(db, teamIds, endOfDay);
    const contractsByTeam = await contractsOfTeams(db, teamIds);

    return teams.map((team) => {
      const version = versions.get(team.id);
      const owned = new Map((contractsByTeam.get(team.id) ?? []).map((contract) => [contract.id, contract]));
      const positions: Record<string, PlacedContract> = {};
      for (const [position, contractId] of Object.entries(version?.positions ?? {})) {
        const contract = owned.get(contractId);
        if (contract) positions[position] = toPlaced(contract);
      }
      const scoring = scoringInputForTeam({ schema: version?.schema ?? DEFAULT_SCHEMA, positions, date });
      return {
        leagueId: team.leagueId,
        teamId: team.id,
        domain: leagueById.get(team.leagueId)!.domain,
        articles: scoring.articles,
        chemistryLinks: scoring.chemistryLinks,
        formationSnapshot: scoring.formationSnapshot,
      };
    });
  }
}
