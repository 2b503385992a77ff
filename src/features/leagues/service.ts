/**
 * Leagues: founding, the shelves, reading by id or code, standings,
 * roles, invitation codes and closure. Joining and leaving live in membership-service.
 */
import crypto from 'node:crypto';
import type { Clock } from '../../platform/clock';
import { fail } from '../../domain/errors';
import {
  generateInvitationCode,
  INVITATION_CODE_MAX_DRAWS,
  normalizeInvitationCode,
} from '../../domain/invitation-codes';
import { isLeagueInactive, seasonEnd, storedInvitePolicy } from '../../domain/leagues';
import { nextSeason } from '../../domain/announcements';
import { rivalriesOf } from '../../domain/rivalries';
import { nextSeasonName } from '../../domain/season-names';
import { queueLeagueEvent } from '../notifications/webhook-service';
import { queueSeasonStarted } from '../notifications/team-pushes';
import { chainHistory, chainMatchups, chainOf, nextSeasonOf, reigningChampionOf } from './seasons';
import { STARTING_LINEUP } from '../../domain/lineup';
import { teamNameKey } from '../../domain/name-keys';
import { type LeaderboardPage, windowAround } from '../../domain/leaderboard-page';
import type { Logger } from '../../platform/log';
import { type Database, readTransaction, writeTransaction } from '../../platform/db/database';
import { bumpLeagueVersion, leagueVersion } from './league-versions-store';
import { newId } from '../../platform/db/ids';
import {
  closeLeagueIfAdmin,
  currentTeamCount,
  findCurrentTeam,
  findLeague,
  findLeagueByCode,
  findTeamOfPlayer,
  insertLeague,
  insertTeamWithLineup,
  leaguesOfPlayer,
  publicLeagues,
  publicShelfTag,
  teamsOfLeague,
  updateLeagueSettings,
  type LeagueRow,
} from './store';
import { digestVersion } from '../../platform/http/answer-version';
import { DEFAULT_LIMITS, type Limits, spendCodeAttempt } from '../auth/abuse-limits';
import { leagueBoard, rankedTeamCount, rankedTeams, rankingState, rankOfTeam, ranksStale } from '../scoring/standings-store';
import { rankTeams } from '../../domain/standings';
import type { EncyclopediaClient } from '../../upstream/encyclopedia';
import type { CalibrationService } from './calibration-service';
import { EditionListUnavailable, type EditionService } from './edition-service';
import { isGlobalLeague } from './global-league';
import { addDays, utcDay } from '../../domain/dates';
import { leagueFormatOf } from '../../domain/head-to-head';
import { playoffTeamsOf } from '../../domain/playoff-format';
import type { UpdateLeagueRequest } from './wire';
import type { CreateLeagueRequest, League, LeaderboardEntry, LeagueInvite, LeagueRole, Rivalry, SeasonHistory } from './wire';
import { leagueRole, leagueView } from './presenter';
import { recordJoin, recordSeasonStarted } from '../activity/service';
import { settleCompleteRounds } from '../head-to-head/service';
import { queueClosure } from '../notifications/announce-service';
import { teamView } from './team-presenter';
import { existingLeague } from './lookups';

/** The public shelf shows at most this many leagues. */
const PUBLIC_SHELF_LIMIT = 12;

export interface LeagueServiceDeps {
  db: Database;
  clock: Clock;
  log: Logger;
  encyclopedia: EncyclopediaClient;
  /** CSPRNG for invitation codes; tests script it */
  randomBytes?: (n: number) => Uint8Array;
  calibration: CalibrationService;
  editions: EditionService;
  limits?: Limits;
  /** the app's address, for the league chat's links */
  appUrl?: string;
}

export class LeagueService {
  readonly calibration: CalibrationService;
  readonly editions: EditionService;
  private readonly randomBytes: (n: number) => Uint8Array;
  /**
   * Each league's ranked-team count at the version it was counted at. Once a version's ranks
   * are written its count cannot change (ranks are rewritten only after a change that moves
   * the version), and counting a large league's ranked teams on every page read was most of
   * the database's work when every player opens the app at once.
   */
  private readonly rankedCounts = new Map<string, { version: number; count: number }>();

  constructor(private readonly deps: LeagueServiceDeps) {
    this.calibration = deps.calibration;
    this.editions = deps.editions;
    this.randomBytes = deps.randomBytes ?? ((n) => crypto.randomBytes(n));
  }

  /**
   * On a request its schema has shaped: resolve the edition's frozen factor (network,
   * before any write), then league + founder's team + founder's empty line-up in one transaction.
   */
  async create(playerId: string, request: CreateLeagueRequest): Promise<League> {
    const scale = await this.resolveScale(request.domain);
    const { db, clock } = this.deps;
    const now = clock.now().toISOString();
    const league = await writeTransaction(db, async (tx) => {
      const row = await insertLeague(tx, {
        id: newId('lg'),
        name: request.name,
        domain: scale.domain,
        languageScale: scale.scale,
        icon: request.icon,
        durationDays: request.durationDays,
        startDate: now,
        endDate: seasonEnd(now, request.durationDays),
        visibility: request.visibility,
        invitePolicy: request.invitePolicy,
        invitationCode: request.visibility === 'private' ? await this.drawUnusedCode(tx) : null,
        adminId: playerId,
        closedAt: null,
        createdAt: now,
        format: request.format,
        roundDays: request.roundDays,
        playoffTeams: request.playoffTeams,
      });
      const founder = await insertTeamWithLineup(
        tx,
        {
          id: newId('tm'),
          leagueId: row.id,
          playerId,
          name: request.teamName,
          nameKey: teamNameKey(request.teamName),
          joinedAt: now,
        },
        STARTING_LINEUP,
      );
      await recordJoin(tx, founder, now);
      return row;
    });
    this.deps.log.info('league founded', { leagueId: league.id, domain: league.domain, visibility: league.visibility });
    return leagueView(league, 1);
  }

  /**
   * The registry value; for an unregistered code, first the edition list (Proposed 
   * an unknown code is LEAGUE_UNKNOWN_DOMAIN, not a failed calibration), then .
   * Also used by `fantasy seed-global`.
   */
  async resolveScale(domain: string): Promise<{ domain: string; scale: number }> {
    const known = await this.calibration.registered(domain);
    if (known) return known;
    let edition;
    try {
      edition = await this.editions.find(domain);
    } catch (error) {
      if (error instanceof EditionListUnavailable) fail('CALIBRATION_UNAVAILABLE', 'edition list unreachable');
      throw error;
    }
    if (!edition) fail('LEAGUE_UNKNOWN_DOMAIN', domain);
    // `nb` is served from no.wikipedia.org: leagues and the registry use the host's name.
    return this.calibration.scaleFor(edition.domain);
  }

  /** Up to five draws against the codes in use (inside the caller's transaction). */
  private async drawUnusedCode(db: Database): Promise<string> {
    for (let draw = 0; draw < INVITATION_CODE_MAX_DRAWS; draw++) {
      const code = generateInvitationCode(this.randomBytes);
      if (!(await findLeagueByCode(db, code))) return code;
    }
    fail('INVITATION_CODE_UNAVAILABLE', `${INVITATION_CODE_MAX_DRAWS} draws collided`);
  }

  async mine(playerId: string): Promise<League[]> {
    return this.leagueViews(await leaguesOfPlayer(this.deps.db, playerId));
  }

  async publicShelf(): Promise<League[]> {
    return this.leagueViews(await publicLeagues(this.deps.db, this.deps.clock.now(), PUBLIC_SHELF_LIMIT));
  }

  /**
   * What the public shelf's cached answer is tagged with: the leagues it shows now, each at
   * its version. A league founded, closed, deleted or ended by the clock changes the ids; a
   * join or a departure changes a version.
   */
  async publicShelfVersion(): Promise<number> {
    return digestVersion([await publicShelfTag(this.deps.db, this.deps.clock.now(), PUBLIC_SHELF_LIMIT)]);
  }

  async byId(leagueId: string): Promise<League> {
    const league = await existingLeague(this.deps.db, leagueId);
    return leagueView(league, league.teamCount);
  }

  /**
   * Every attempt is charged (shared bucket with coded joins), then one identical 404
   * for a malformed, unused or vanished code. Inactive leagues are still shown.
   */
  async byCode(playerId: string, rawCode: string, address = 'unknown'): Promise<League> {
    const { db, clock } = this.deps;
    await spendCodeAttempt(db, this.deps.limits ?? DEFAULT_LIMITS, playerId, address, clock.now().getTime());
    const code = normalizeInvitationCode(rawCode);
    const league = code ? await findLeagueByCode(db, code) : undefined;
    if (!league) fail('LEAGUE_NOT_FOUND');
    return leagueView(league, league.teamCount);
  }

  /**
   * Every team, departed ones included, in rank order. The whole league is read in one
   * statement and ranked in memory (domain/standings.ts); a page reads its window of the kept
   * ranks, ranked and written first if points or teams changed since. The interface lists no 404 here (only
   * 401, 500): a league that does not exist, or that its last member's departure deleted,
   * simply has no teams to rank. A page answers a window of ranks and the league's team count.
   */
  async leaderboard(leagueId: string, page: LeaderboardPage = { kind: 'all' }, playerId?: string): Promise<{ entries: LeaderboardEntry[]; teamCount: number; }> {
    const { entries, teamCount } = await this.board(leagueId, page, playerId);
    const league = await findLeague(this.deps.db, leagueId);
    const champion = league ? await reigningChampionOf(this.deps.db, league, this.deps.clock.now()) : null;
    return { entries: entries.map((entry) => ({ ...entry, champion: champion !== null && entry.team.player.id === champion })), teamCount };
  }

  /** Inside the page read's snapshot, so the count and the ranks read agree. */
  private async rankedCount(tx: Database, leagueId: string): Promise<number> {
    const state = await rankingState(tx, leagueId);
    const kept = this.rankedCounts.get(leagueId);
    if (state && !state.stale && kept?.version === state.version) return kept.count;
    const count = await rankedTeamCount(tx, leagueId);
    if (state && !state.stale) this.rankedCounts.set(leagueId, { version: state.version, count });
    return count;
  }

  private async board(leagueId: string, page: LeaderboardPage, playerId?: string): Promise<{ entries: Omit<LeaderboardEntry, 'champion'>[]; teamCount: number; }> {
    const { db } = this.deps;
    // The whole board is ranked from the totals in memory (reading kept ranks in rank order
    // visits the teams at random); so is a page of a league whose ranks are not written yet.
    if (page.kind === 'all' || (await ranksStale(db, leagueId))) {
      const teams = await leagueBoard(db, leagueId);
      const byId = new Map(teams.map((team) => [team.teamId, team]));
      const entries = rankTeams(teams).map((standing) => {
        const row = byId.get(standing.teamId)!;
        return {
          team: teamView({ id: row.teamId, name: row.teamName, playerId: row.playerId, playerName: row.playerName }, row.credits),
          cumulativePoints: standing.cumulativePoints,
          rank: standing.rank,
          rankDelta: standing.rankDelta,
        };
      });
      if (page.kind === 'all') return { entries, teamCount: entries.length };
      return { entries: pageOf(entries, page, playerId === undefined ? undefined : await findTeamOfPlayer(db, leagueId, playerId)), teamCount: entries.length };
    }
    // One read transaction: the count and the rows come from the same ranking.
    return readTransaction(db, async (tx) => {
      const teamCount = await this.rankedCount(tx, leagueId);
      let range: { first: number; last: number };
      if (page.kind === 'range') range = { first: page.offset + 1, last: page.offset + page.limit };
      else {
        const team = playerId === undefined ? undefined : await findTeamOfPlayer(tx, leagueId, playerId);
        const rank = team && (await rankOfTeam(tx, team.id));
        if (!rank) fail('NO_TEAM_IN_LEAGUE');
        range = windowAround(rank, page.limit, teamCount);
      }
      const entries = (await rankedTeams(tx, leagueId, range.first, range.last)).map((row) => ({
        team: teamView({ id: row.teamId, name: row.teamName, playerId: row.playerId, playerName: row.playerName }, row.credits),
        cumulativePoints: row.cumulativePoints,
        rank: row.rank,
        rankDelta: row.rankDelta,
      }));
      return { entries, teamCount };
    });
  }

  /** What the league's cached answers are tagged with; undefined for no such league. */
  async versionOf(leagueId: string): Promise<number | undefined> {
    return leagueVersion(this.deps.db, leagueId);
  }

  async myRole(leagueId: string, playerId: string): Promise<LeagueRole> {
    const league = await existingLeague(this.deps.db, leagueId);
    return leagueRole(league, playerId, await findCurrentTeam(this.deps.db, league.id, playerId));
  }

  /** A caller the policy does not trust learns nothing, not even that the league exists. */
  async inviteCode(leagueId: string, playerId: string): Promise<LeagueInvite> {
    const { db } = this.deps;
    const league = await existingLeague(this.deps.db, leagueId);
    const allowed =
      storedInvitePolicy(league.invitePolicy) === 'members'
        ? !!(await findCurrentTeam(db, league.id, playerId))
        : league.adminId === playerId;
    if (!allowed) fail('LEAGUE_NOT_FOUND');
    if (!league.invitationCode) fail('NO_INVITATION_CODE');
    return { code: league.invitationCode };
  }

  /** One guarded update; a refusal is classified by re-reading. Nothing is deleted. */
  async close(leagueId: string, playerId: string): Promise<League> {
    const { db, clock } = this.deps;
    return writeTransaction(db, async (tx) => {
      if (isGlobalLeague(leagueId) && await findLeague(tx, leagueId)) fail('CANNOT_CLOSE_GLOBAL');
      if (!(await closeLeagueIfAdmin(tx, leagueId, playerId, clock.now().toISOString()))) {
        const league = await findLeague(tx, leagueId);
        if (!league) fail('LEAGUE_NOT_FOUND');
        if (league.adminId !== playerId) fail('NOT_ADMIN');
        if (league.closedAt !== null) fail('ALREADY_CLOSED');
        fail('CLOSE_CONFLICT');
      }
      await bumpLeagueVersion(tx, leagueId);
      const closed = (await findLeague(tx, leagueId))!;
      // a closure cuts the season: the round it shortens may now be complete
      await settleCompleteRounds(tx, closed, clock.now());
      await queueClosure(tx, closed, clock.now(), this.deps.appUrl);
      return leagueView(closed, await currentTeamCount(tx, leagueId));
    });
  }

  /**
   * The next season, by the admin once the season has ended or the league is
   * closed: the same settings and name with the next season number, a team for every member
   * who had not left (same names, starting credits, empty line-ups), no contracts. The unique
   * previous_season_id keeps a second one out even when two requests race.
   */
  async nextSeason(leagueId: string, playerId: string): Promise<League> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const at = now.toISOString();
    const { next, count } = await writeTransaction(db, async (tx) => {
      const league = await findLeague(tx, leagueId);
      if (!league) fail('LEAGUE_NOT_FOUND');
      if (league.adminId !== playerId) fail('NOT_ADMIN');
      if (!isLeagueInactive(league, now)) fail('SEASON_NOT_OVER');
      if ((await nextSeasonOf(tx, league.id)) !== null) fail('NEXT_SEASON_EXISTS');
      const row = await insertLeague(tx, {
        id: newId('lg'),
        name: nextSeasonName(league.name),
        domain: league.domain,
        languageScale: league.languageScale,
        icon: league.icon,
        durationDays: league.durationDays,
        startDate: at,
        endDate: seasonEnd(at, league.durationDays),
        visibility: league.visibility,
        invitePolicy: league.invitePolicy,
        invitationCode: league.visibility === 'private' ? await this.drawUnusedCode(tx) : null,
        adminId: playerId,
        closedAt: null,
        createdAt: at,
        format: league.format,
        roundDays: league.roundDays,
        playoffTeams: league.playoffTeams,
        previousSeasonId: league.id,
      });
      const stayed = (await teamsOfLeague(tx, league.id)).filter((team) => team.leftAt === null);
      for (const [index, team] of stayed.entries()) {
        // a millisecond apart: the new season pairs its teams in the old one's join order
        const joinedAt = new Date(now.getTime() + index).toISOString();
        const created = await insertTeamWithLineup(tx, { id: newId('tm'), leagueId: row.id, playerId: team.playerId, name: team.name, nameKey: team.nameKey, joinedAt }, STARTING_LINEUP);
        await recordJoin(tx, created, joinedAt);
      }
      await queueLeagueEvent(tx, league.id, nextSeason({ id: league.id, name: league.name }, { id: row.id, name: row.name }, stayed.length, this.deps.appUrl), at);
      await queueSeasonStarted(tx, { id: row.id, name: row.name }, at);
      await recordSeasonStarted(tx, league.id, row, at);
      return { next: row, count: stayed.length };
    });
    this.deps.log.info('next season started', { leagueId, nextLeagueId: next.id, teams: count });
    return leagueView(next, count);
  }

  /**
   * The commissioner's changes, by the admin until the end of the season's first
   * day (UTC), when round 1's pairings are fixed: after that 409 LEAGUE_STARTED. The round
   * length and the playoffs are judged together, as at founding.
   */
  async update(leagueId: string, playerId: string, request: UpdateLeagueRequest): Promise<League> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const league = await writeTransaction(db, async (tx) => {
      const league = await findLeague(tx, leagueId);
      if (!league) fail('LEAGUE_NOT_FOUND');
      if (league.adminId !== playerId) fail('NOT_ADMIN');
      if (now.toISOString() >= `${addDays(utcDay(new Date(league.startDate)), 1)}T00:00:00.000Z`) fail('LEAGUE_STARTED');
      const roundDays = request.roundDays ?? league.roundDays ?? undefined;
      const chosen = leagueFormatOf(league.format, league.format === 'points' ? request.roundDays : roundDays);
      const playoffTeams = chosen && playoffTeamsOf(request.playoffTeams ?? league.playoffTeams, chosen, league.durationDays);
      if (!chosen || playoffTeams === null) fail('LEAGUE_INVALID_FORMAT');
      const visibility = request.visibility ?? league.visibility;
      const invitationCode = visibility === 'private' ? (league.invitationCode ?? (await this.drawUnusedCode(tx))) : null;
      await updateLeagueSettings(tx, league.id, {
        name: request.name ?? league.name,
        icon: request.icon ?? league.icon,
        visibility,
        invitePolicy: request.invitePolicy ?? league.invitePolicy,
        invitationCode,
        roundDays: chosen.roundDays,
        playoffTeams,
      });
      await bumpLeagueVersion(tx, league.id);
      return (await findLeague(tx, league.id))!;
    }, { leagues: [leagueId] });
    return leagueView(league, await currentTeamCount(db, league.id));
  }

  /** The seasons of the league's chain, oldest first; for a player with a team in any of them. */
  async history(leagueId: string, playerId: string): Promise<SeasonHistory[]> {
    const chain = await this.chainForMember(leagueId, playerId);
    return chainHistory(this.deps.db, chain, this.deps.clock.now());
  }

  /** The caller's all-time records against each player of the chain, the most-played first. */
  async rivalries(leagueId: string, playerId: string): Promise<Rivalry[]> {
    const chain = await this.chainForMember(leagueId, playerId);
    return rivalriesOf(playerId, await chainMatchups(this.deps.db, chain));
  }

  private async chainForMember(leagueId: string, playerId: string): Promise<LeagueRow[]> {
    const { db } = this.deps;
    const chain = await chainOf(db, await existingLeague(this.deps.db, leagueId));
    let member = false;
    for (const league of chain) if (!member && (await findTeamOfPlayer(db, league.id, playerId))) member = true;
    if (!member) fail('NO_TEAM_IN_LEAGUE');
    return chain;
  }

  private leagueViews(rows: LeagueRow[]): League[] {
    return rows.map((league) => leagueView(league, league.teamCount));
  }

}

/** The entries of `page` from a whole board ranked in memory, as the kept ranks would answer it. */
function pageOf<E extends { rank: number; team: { id: string } }>(entries: E[], page: Exclude<LeaderboardPage, { kind: 'all' }>, team: { id: string } | undefined): E[] {
  let range: { first: number; last: number };
  if (page.kind === 'range') range = { first: page.offset + 1, last: page.offset + page.limit };
  else {
    const rank = team && entries.find((entry) => entry.team.id === team.id)?.rank;
    if (!rank) fail('NO_TEAM_IN_LEAGUE');
    range = windowAround(rank, page.limit, entries.length);
  }
  return entries.filter((entry) => entry.rank >= range.first && entry.rank <= range.last);
}
