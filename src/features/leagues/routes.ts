import { Elysia } from 'elysia';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context';
import type { Services } from '../../platform/composition-root';
import {
  CreateLeagueRequestSchema,
  EncyclopediaEditionSchema,
  LeaderboardEntrySchema,
  LeaderboardQuerySchema,
  LeagueInviteSchema,
  LeagueRoleSchema,
  LeagueSchema,
  RivalrySchema,
  SeasonHistorySchema,
  UpdateLeagueRequestSchema,
} from './wire';
import { ActivityPageSchema, ActivityQuerySchema } from '../activity/wire';
import { FixturesQuerySchema, FixturesSchema, HeadToHeadRowSchema } from '../head-to-head/wire';
import { GLOBAL_LEAGUE_ID } from './global-league';
import { leaderboardKey, leagueKey, produceLeague, produceLeaderboard } from './kept-answers';
import { leagueMacros } from './league-macros';
import { clientAddress } from '../../platform/http/connection';
import type { CachedAnswers } from '../../platform/http/plugins/cached-answers';
import { playerSession } from '../../platform/http/plugins/guards';
import { checkedQuery, jsonBody } from '../../platform/http/route-options';
import { answer, checkedValue } from '../../platform/http/route-schemas';
import { alias, docs } from '../../platform/http/route-docs';

const doc = docs('Leagues', 'session');

/** Leagues (interface "Leagues" table) and the edition list the founding form offers. */
export function leagueRoutes(ctx: AppContext, services: Services, answers: CachedAnswers) {
  const byCode = (player: { id: string }, request: Request, code: string) => services.leagues.byCode(player.id, code, clientAddress(request, ctx.config.trustProxy));
  return new Elysia({ prefix: '/api/v1' })
    .use(playerSession(ctx, services))
    .macro(leagueMacros(ctx.db))
    .get('/encyclopedia-editions', () => services.editions.list(), {
      response: answer(z.array(EncyclopediaEditionSchema)),
      ...doc({ id: 'listEncyclopediaEditions', summary: 'Every live encyclopedia edition, unfiltered by the acceptance floor' }),
    })
    .get('/leagues', ({ player }) => services.leagues.mine(player.id), {
      response: answer(z.array(LeagueSchema)),
      ...doc({ id: 'listMyLeagues', summary: 'Every league the caller has a team in, the Global League included' }),
    })
    .post(
      '/leagues',
      ({ player, body, set }) => {
        set.status = 201;
        return services.leagues.create(player.id, checkedValue(CreateLeagueRequestSchema, body));
      },
      {
        ...jsonBody(CreateLeagueRequestSchema, { malformed: 'LEAGUE_INVALID_PAYLOAD', invalid: 'LEAGUE_INVALID_PAYLOAD' }),
        response: { 201: answer(LeagueSchema) },
        ...doc({ id: 'foundLeague', summary: 'Found a league: the caller becomes its admin and first team (§6.2)' }),
      },
    )
    // the same kept answer as /leagues/global read by id: one key, one version
    .get('/leagues/global', ({ request, set }) =>
      answers.reply({ request, set }, leagueKey(GLOBAL_LEAGUE_ID), () => services.leagues.versionOf(GLOBAL_LEAGUE_ID), () => produceLeague(services.leagues, GLOBAL_LEAGUE_ID)), {
      response: answer(LeagueSchema),
      ...doc({ id: 'getGlobalLeague', summary: 'The Global League, the one every player may join (§6.3)' }),
    })
    .get('/leagues/public', ({ request, set }) =>
      answers.reply({ request, set }, 'public-leagues', () => services.leagues.publicShelfVersion(), () => services.leagues.publicShelf()), {
      response: answer(z.array(LeagueSchema)),
      ...doc({ id: 'listPublicLeagues', summary: 'The public shelf: public leagues, newest first (§6.7)' }),
    })
    .get('/leagues/by-code/:code', ({ player, request, params }) => byCode(player, request, params.code), {
      response: answer(LeagueSchema),
      ...doc({
        id: 'findLeagueByCode',
        summary: 'The league an invitation code opens; every attempt spends from the code bucket (§6.7)',
        aliases: ['/api/v1/leagues/by-code/*'],
      }),
    })
    // A "code" with a slash in it is malformed too: same charge, same 404 as any other miss.
    .get('/leagues/by-code/*', ({ player, request, params }) => byCode(player, request, params['*']), alias)
    .get('/leagues/:id', ({ request, set, params }) =>
      answers.reply({ request, set }, leagueKey(params.id), () => services.leagues.versionOf(params.id), () => produceLeague(services.leagues, params.id)), {
      response: answer(LeagueSchema),
      ...doc({ id: 'getLeague', summary: 'A league by id; private leagues are readable too' }),
    })
    .get(
      '/leagues/:id/leaderboard',
      ({ request, set, params, player, query }) => {
        const page = checkedValue(LeaderboardQuerySchema, query);
        return answers.reply(
          { request, set },
          leaderboardKey(params.id, page),
          () => services.leagues.versionOf(params.id),
          (kept) => produceLeaderboard(services.leagues, params.id, page, kept, player.id),
        );
      },
      {
        ...checkedQuery(LeaderboardQuerySchema),
        response: answer(z.array(LeaderboardEntrySchema)),
        ...doc({ id: 'getLeaderboard', summary: 'Every team ranked, or a page of ranks with X-Total-Count' }),
      },
    )
    .get('/leagues/:id/my-role', ({ player, params }) => services.leagues.myRole(params.id, player.id), {
      response: answer(LeagueRoleSchema),
      ...doc({ id: 'getMyLeagueRole', summary: 'Whether the caller is a member and the admin of the league' }),
    })
    .get('/leagues/:id/invite-code', ({ player, params }) => services.leagues.inviteCode(params.id, player.id), {
      response: answer(LeagueInviteSchema),
      ...doc({ id: 'getInvitationCode', summary: 'The league’s invitation code, for a caller its invite policy trusts' }),
    })
    .patch('/leagues/:id', ({ player, params, body }) => services.leagues.update(params.id, player.id, checkedValue(UpdateLeagueRequestSchema, body)), {
      ...jsonBody(UpdateLeagueRequestSchema, { malformed: 'LEAGUE_INVALID_PAYLOAD', invalid: 'LEAGUE_INVALID_PAYLOAD' }),
      response: answer(LeagueSchema),
      ...doc({ id: 'updateLeague', summary: 'Change the league’s name, icon, visibility, invite policy, round length or playoffs until its first day ends; the admin only' }),
    })
    .post(
      '/leagues/:id/next-season',
      ({ player, params, set }) => {
        set.status = 201;
        return services.leagues.nextSeason(params.id, player.id);
      },
      {
        response: { 201: answer(LeagueSchema) },
        ...doc({ id: 'startNextSeason', summary: 'Start the league’s next season once this one has ended or is closed: same settings, every team that stayed; the admin only' }),
      },
    )
    .get('/leagues/:id/history', ({ player, params }) => services.leagues.history(params.id, player.id), {
      response: answer(z.array(SeasonHistorySchema)),
      ...doc({ id: 'getLeagueHistory', summary: 'Every season of the league’s chain, oldest first, with its champion and podium; members of any season' }),
    })
    .get('/leagues/:id/rivalries', ({ player, params }) => services.leagues.rivalries(params.id, player.id), {
      response: answer(z.array(RivalrySchema)),
      ...doc({ id: 'getLeagueRivalries', summary: 'The caller’s all-time head-to-head records against each player of the chain; members of any season' }),
    })
    .post('/leagues/:id/closure', ({ player, params }) => services.leagues.close(params.id, player.id), {
      response: answer(LeagueSchema),
      ...doc({ id: 'closeLeague', summary: 'Close the league early; the admin only' }),
    })
    // Head-to-head and activity: each key is read first, and refuses a non-member,
    // so neither a kept answer nor a 304 reaches one.
    .get(
      '/leagues/:id/fixtures',
      ({ request, set, member: { league }, query }) => {
        const { round } = checkedValue(FixturesQuerySchema, query);
        const key = services.headToHead.fixturesKey(league, round);
        return answers.reply({ request, set }, key, () => services.headToHead.versionOf(league.id), () => services.headToHead.fixtures(league, round));
      },
      {
        member: true,
        ...checkedQuery(FixturesQuerySchema),
        response: answer(FixturesSchema),
        ...doc({
          id: 'getLeagueFixtures',
          summary: 'A head-to-head round’s matchups: the current one, the last after the season, or ?round=N; members only',
        }),
      },
    )
    .get(
      '/leagues/:id/head-to-head',
      ({ request, set, member: { league } }) => {
        const key = services.headToHead.tableKey(league);
        return answers.reply({ request, set }, key, () => services.headToHead.versionOf(league.id), () => services.headToHead.table(league));
      },
      {
        member: true,
        response: answer(z.array(HeadToHeadRowSchema)),
        ...doc({ id: 'getHeadToHeadTable', summary: 'The head-to-head table: table points, points for, then the leaderboard tie-break; members only' }),
      },
    )
    .get(
      '/leagues/:id/activity',
      ({ request, set, member, query: raw }) => {
        const query = checkedValue(ActivityQuerySchema, raw);
        const leagueId = member.league.id;
        return answers.reply({ request, set }, services.activity.pageKey(leagueId, query), () => services.activity.versionOf(leagueId), () => services.activity.page(leagueId, query));
      },
      {
        member: true,
        ...checkedQuery(ActivityQuerySchema),
        response: answer(ActivityPageSchema),
        ...doc({ id: 'getLeagueActivity', summary: 'What happened in the league, newest first, paged by an opaque cursor; members only' }),
      },
    );
}
