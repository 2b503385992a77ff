import { z } from 'zod';
import {
  CreateLeagueRequestSchema,
  EncyclopediaEditionSchema,
  LeaderboardEntrySchema,
  LeaderboardQuerySchema,
  LeagueInviteSchema,
  LeagueRoleSchema,
  LeagueSchema,
} from '../../wire/leagues';
import { ActivityPageSchema, ActivityQuerySchema } from '../../wire/activity';
import { FixturesQuerySchema, FixturesSchema, HeadToHeadRowSchema } from '../../wire/head-to-head';
import { clientAddress } from '../connection';
import { route } from '../route-kit';

const tag = 'Leagues';

/** Leagues (interface "Leagues" table) and the edition list the founding form offers. */
export const leagueRoutes = [
  route({
    id: 'listEncyclopediaEditions',
    method: 'GET',
    path: '/api/v1/encyclopedia-editions',
    summary: 'Every live encyclopedia edition, unfiltered by the acceptance floor',
    tag,
    access: 'player',
    answer: { json: z.array(EncyclopediaEditionSchema) },
    handle: ({ services }) => services.editions.list(),
  }),
  route({
    id: 'listMyLeagues',
    method: 'GET',
    path: '/api/v1/leagues',
    summary: 'Every league the caller has a team in, the Global League included',
    tag,
    access: 'player',
    answer: { json: z.array(LeagueSchema) },
    handle: ({ services, player }) => services.leagues.mine(player.id),
  }),
  route({
    id: 'foundLeague',
    method: 'POST',
    path: '/api/v1/leagues',
    summary: 'Found a league: the caller becomes its admin and first team (§6.2)',
    tag,
    access: 'player',
    body: { schema: CreateLeagueRequestSchema, malformed: 'LEAGUE_INVALID_PAYLOAD', invalid: 'LEAGUE_INVALID_PAYLOAD' },
    status: 201,
    answer: { json: LeagueSchema },
    handle: ({ services, player, body }) => services.leagues.create(player.id, body),
  }),
  route({
    id: 'getGlobalLeague',
    method: 'GET',
    path: '/api/v1/leagues/global',
    summary: 'The Global League, the one every player may join (§6.3)',
    tag,
    access: 'player',
    answer: { json: LeagueSchema },
    handle: ({ services }) => services.leagues.global(),
  }),
  route({
    id: 'listPublicLeagues',
    method: 'GET',
    path: '/api/v1/leagues/public',
    summary: 'The public shelf: public leagues, newest first (§6.7)',
    tag,
    access: 'player',
    answer: { json: z.array(LeagueSchema) },
    cache: {
      key: () => 'public-leagues',
      version: ({ services }) => services.leagues.publicShelfVersion(),
    },
    handle: ({ services }) => services.leagues.publicShelf(),
  }),
  route({
    id: 'findLeagueByCode',
    method: 'GET',
    path: '/api/v1/leagues/by-code/:code',
    // A "code" with a slash in it is malformed too: same charge, same 404 as any other miss.
    aliases: ['/api/v1/leagues/by-code/*'],
    summary: 'The league an invitation code opens; every attempt spends from the code bucket (§6.7)',
    tag,
    access: 'player',
    answer: { json: LeagueSchema },
    handle: ({ ctx, services, player, params, request }) => {
      const code = 'code' in params ? params.code : (params as { '*': string })['*'];
      return services.leagues.byCode(player.id, code, clientAddress(request, ctx.config.trustProxy));
    },
  }),
  route({
    id: 'getLeague',
    method: 'GET',
    path: '/api/v1/leagues/:id',
    summary: 'A league by id; private leagues are readable too',
    tag,
    access: 'player',
    answer: { json: LeagueSchema },
    cache: {
      key: ({ params }) => `league:${params.id}`,
      version: ({ services, params }) => services.leagues.versionOf(params.id),
    },
    handle: ({ services, params }) => services.leagues.byId(params.id),
  }),
  route({
    id: 'getLeaderboard',
    method: 'GET',
    path: '/api/v1/leagues/:id/leaderboard',
    summary: 'Every team ranked (§4.5), or a page of ranks with X-Total-Count',
    tag,
    access: 'player',
    query: LeaderboardQuerySchema,
    answer: { json: z.array(LeaderboardEntrySchema) },
    cache: {
      // around=me differs by caller, so it is never kept
      key: ({ params, query: page }) =>
        page.kind === 'around-me' ? undefined : `leaderboard:${params.id}:${page.kind === 'range' ? `${page.offset}+${page.limit}` : 'all'}`,
      version: ({ services, params }) => services.leagues.versionOf(params.id),
    },
    handle: ({ services, player, params, query: page, set }) => {
      const { entries, teamCount } = services.leagues.leaderboard(params.id, page, player.id);
      if (page.kind !== 'all') set.headers['x-total-count'] = String(teamCount);
      return entries;
    },
  }),
  route({
    id: 'getMyLeagueRole',
    method: 'GET',
    path: '/api/v1/leagues/:id/my-role',
    summary: 'Whether the caller is a member and the admin of the league',
    tag,
    access: 'player',
    answer: { json: LeagueRoleSchema },
    handle: ({ services, player, params }) => services.leagues.myRole(params.id, player.id),
  }),
  route({
    id: 'getInvitationCode',
    method: 'GET',
    path: '/api/v1/leagues/:id/invite-code',
    summary: 'The league’s invitation code, for a caller its invite policy trusts (§6.7)',
    tag,
    access: 'player',
    answer: { json: LeagueInviteSchema },
    handle: ({ services, player, params }) => services.leagues.inviteCode(params.id, player.id),
  }),
  route({
    id: 'closeLeague',
    method: 'POST',
    path: '/api/v1/leagues/:id/closure',
    summary: 'Close the league early; the admin only (§6.4)',
    tag,
    access: 'player',
    answer: { json: LeagueSchema },
    handle: ({ services, player, params }) => services.leagues.close(params.id, player.id),
  }),
  route({
    id: 'getLeagueFixtures',
    method: 'GET',
    path: '/api/v1/leagues/:id/fixtures',
    summary: 'A head-to-head round’s matchups: the current one, the last after the season, or ?round=N; members only (issue 24)',
    tag,
    access: 'player',
    query: FixturesQuerySchema,
    answer: { json: FixturesSchema },
    cache: {
      key: ({ services, player, params, query }) => services.headToHead.fixturesKey(params.id, player.id, query.round),
      version: ({ services, params }) => services.headToHead.versionOf(params.id),
    },
    handle: ({ services, player, params, query }) => services.headToHead.fixtures(params.id, player.id, query.round),
  }),
  route({
    id: 'getHeadToHeadTable',
    method: 'GET',
    path: '/api/v1/leagues/:id/head-to-head',
    summary: 'The head-to-head table: table points, points for, then the leaderboard tie-break; members only (issue 24)',
    tag,
    access: 'player',
    answer: { json: z.array(HeadToHeadRowSchema) },
    cache: {
      key: ({ services, player, params }) => services.headToHead.tableKey(params.id, player.id),
      version: ({ services, params }) => services.headToHead.versionOf(params.id),
    },
    handle: ({ services, player, params }) => services.headToHead.table(params.id, player.id),
  }),
  route({
    id: 'getLeagueActivity',
    method: 'GET',
    path: '/api/v1/leagues/:id/activity',
    summary: 'What happened in the league, newest first, paged by an opaque cursor; members only (issue 24)',
    tag,
    access: 'player',
    query: ActivityQuerySchema,
    answer: { json: ActivityPageSchema },
    cache: {
      key: ({ services, player, params, query }) => services.activity.pageKey(params.id, player.id, query),
      version: ({ services, params }) => services.activity.versionOf(params.id),
    },
    handle: ({ services, player, params, query }) => services.activity.page(params.id, player.id, query),
  }),
];
