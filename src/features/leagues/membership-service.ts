/**
 * Teams in a league: the caller's team, joining (or rejoining) and leaving,
 * with the admin hand-over and the deletion of a league its last member leaves.
 */
import type { RankKeeper } from '../scoring/rank-keeper';
import type { Clock } from '../../platform/clock';
import { fail } from '../../domain/errors';
import { normalizeInvitationCode } from '../../domain/invitation-codes';
import { isLeagueInactive, storedVisibility, validateTeamName } from '../../domain/leagues';
import { STARTING_LINEUP } from '../../domain/lineup';
import { teamNameKey } from '../../domain/name-keys';
import type { Logger } from '../../platform/log';
import { type Database, writeTransaction, isUniqueViolation } from '../../platform/db/database';
import { bumpLeagueVersion, markStandingsChanged } from './league-versions-store';
import { newId } from '../../platform/db/ids';
import {
  deleteLeague,
  earliestCurrentMember,
  findCurrentTeam,
  findLeague,
  findTeamByNameKey,
  findTeam,
  findTeamOfPlayer,
  insertTeamWithLineup,
  markTeamLeft,
  markTeamRemoved,
  rejoinTeam,
  setLeagueAdmin,
  type TeamRow,
} from './store';
import { DEFAULT_LIMITS, type Limits, spendCodeAttempt } from '../auth/abuse-limits';
import { isGlobalLeague } from './global-league';
import type { Departure, JoinLeagueRequest, Team } from './wire-teams';
import { loadTeamView } from '../contracts/views';
import { recordDeparture, recordJoin, recordRemoval } from '../activity/service';
import { fixDueRounds, forfeitOnDeparture } from '../head-to-head/service';
import { queueDeparture, queueJoin } from '../notifications/webhook-service';
import { queueRemoval } from '../notifications/team-pushes';

export interface MembershipServiceDeps {
  db: Database;
  clock: Clock;
  log: Logger;
  limits?: Limits;
  /** the app's address, for the league chat's links */
  appUrl?: string;
  /** a new team changes its league's ranks */
  ranks: RankKeeper;
}

export class MembershipService {
  constructor(private readonly deps: MembershipServiceDeps) {}

  /** The caller's current team, as the route's `member: true` found it. */
  async myTeam(team: TeamRow): Promise<Team> {
    return (await loadTeamView(this.deps.db, team.id))!;
  }

  /**
   * In its order: the request schema has refused a missing name (step 1); a presented
   * code is charged before the name's length is judged (step 2). The whole decision and the
   * write happen in one write transaction.
   */
  async join(leagueId: string, playerId: string, request: JoinLeagueRequest, address = 'unknown'): Promise<Team> {
    const { db, clock, log } = this.deps;
    const { invitationCode } = request;
    if (invitationCode !== undefined) await spendCodeAttempt(db, this.deps.limits ?? DEFAULT_LIMITS, playerId, address, clock.now().getTime());
    const name = validateTeamName(request.name);
    const nameKey = teamNameKey(name);
    const code = invitationCode === undefined ? null : normalizeInvitationCode(invitationCode);
    const now = clock.now();

    let teamId: string;
    try {
      teamId = await writeTransaction(db, async (tx) => {
        const league = await findLeague(tx, leagueId);
        if (!league) fail('LEAGUE_NOT_FOUND');
        if (isLeagueInactive(league, now)) fail('LEAGUE_INACTIVE');
        const own = await findTeamOfPlayer(tx, leagueId, playerId);
        if (own && own.leftAt === null) fail('ALREADY_HAS_TEAM');
        // the admin removed this team: its player does not come back to the league
        if (own && own.removedAt !== null) fail('TEAM_REMOVED');
        const holder = await findTeamByNameKey(tx, leagueId, nameKey);
        if (holder && holder.id !== own?.id) fail('NAME_TAKEN');
        // Visibility governs joining only; the admin has no bypass.
        const admitted = storedVisibility(league.visibility) === 'public' || (code !== null && code === league.invitationCode);
        if (!admitted) fail('LEAGUE_IS_PRIVATE');
        // the rounds already due are paired from the members before this one
        await fixDueRounds(tx, league, now);
        if (own) {
          if (!(await rejoinTeam(tx, own.id, name, nameKey))) fail('JOIN_CONFLICT');
          await bumpLeagueVersion(tx, leagueId);
          await recordJoin(tx, { id: own.id, name, leagueId }, now.toISOString());
          await queueJoin(tx, league, name, now.toISOString(), this.deps.appUrl);
          return own.id;
        }
        await markStandingsChanged(tx, leagueId);
        const team = await insertTeamWithLineup(
          tx,
          {
            id: newId('tm'),
            leagueId,
            playerId,
            name,
            nameKey,
            joinedAt: now.toISOString(),
          },
          STARTING_LINEUP,
        );
        await recordJoin(tx, team, now.toISOString());
        // the league's chat hears of it from this same transaction: no join without its message, nor a message without the join
        await queueJoin(tx, league, name, now.toISOString(), this.deps.appUrl);
        return team.id;
      }, { leagues: [leagueId] });
    } catch (error) {
      // Only reachable if another process wrote between our reads and our insert.
      if (isUniqueViolation(error)) {
        fail(await findCurrentTeam(db, leagueId, playerId) ? 'ALREADY_HAS_TEAM' : 'NAME_TAKEN');
      }
      throw error;
    }
    this.deps.ranks.changed([leagueId]);
    log.info('team joined', { leagueId, teamId });
    return (await loadTeamView(db, teamId))!;
  }

  /**
   * The admin removes a team, at any time: it is treated as having left (it stays
   * in the standings and forfeits the round being played), the league's chat is told, and
   * its player may not rejoin (TEAM_REMOVED). The admin's own team leaves by my-departure.
   */
  async remove(leagueId: string, teamId: string, playerId: string): Promise<Departure> {
    const { db, clock, log } = this.deps;
    const now = clock.now();
    await writeTransaction(db, async (tx) => {
      const league = await findLeague(tx, leagueId);
      if (!league) fail('LEAGUE_NOT_FOUND');
      if (league.adminId !== playerId) fail('NOT_ADMIN');
      const team = await findTeam(tx, teamId);
      if (!team || team.leagueId !== leagueId) fail('TEAM_NOT_FOUND');
      if (team.playerId === playerId) fail('INVALID_REQUEST');
      if (team.leftAt !== null) fail('ALREADY_LEFT');
      await fixDueRounds(tx, league, now);
      if (!(await markTeamLeft(tx, team.id, now.toISOString()))) fail('LEAVE_CONFLICT');
      await markTeamRemoved(tx, team.id, now.toISOString());
      await bumpLeagueVersion(tx, leagueId);
      const forfeited = await forfeitOnDeparture(tx, league, team.id, now);
      await recordRemoval(tx, team, now.toISOString());
      await queueDeparture(tx, league, team.name, forfeited, now.toISOString(), this.deps.appUrl);
      await queueRemoval(tx, { id: league.id, name: league.name }, team, now.toISOString());
    }, { leagues: [leagueId] });
    log.info('team removed', { leagueId, teamId });
    return { leagueDeleted: false };
  }

  /** The team stays in the standings; adminship passes on; the last one out deletes. */
  async leave(leagueId: string, playerId: string): Promise<Departure> {
    const { db, clock, log } = this.deps;
    const now = clock.now();
    const result = await writeTransaction(db, async (tx) => {
      const league = await findLeague(tx, leagueId);
      if (!league) fail('LEAGUE_NOT_FOUND');
      if (isLeagueInactive(league, now)) fail('LEAGUE_INACTIVE');
      const team = await findTeamOfPlayer(tx, leagueId, playerId);
      if (!team) fail('NO_TEAM_IN_LEAGUE');
      if (team.leftAt !== null) fail('ALREADY_LEFT');
      if (isGlobalLeague(leagueId)) fail('CANNOT_LEAVE_GLOBAL');
      // the rounds already due are paired with the leaver still in; the one being played is forfeited
      await fixDueRounds(tx, league, now);
      if (!(await markTeamLeft(tx, team.id, now.toISOString()))) fail('LEAVE_CONFLICT');
      await bumpLeagueVersion(tx, leagueId);
      const forfeited = await forfeitOnDeparture(tx, league, team.id, now);
      await recordDeparture(tx, team, now.toISOString());
      const successor = await earliestCurrentMember(tx, leagueId);
      if (!successor) {
        await deleteLeague(tx, leagueId);
        return { leagueDeleted: true };
      }
      // the league's chat hears of it in the same transaction, as it hears of a join
      await queueDeparture(tx, league, team.name, forfeited, now.toISOString(), this.deps.appUrl);
      if (league.adminId === playerId) await setLeagueAdmin(tx, leagueId, successor.playerId);
      return { leagueDeleted: false };
    }, { leagues: [leagueId] });
    log.info('team left', { leagueId, leagueDeleted: result.leagueDeleted });
    return result;
  }
}
