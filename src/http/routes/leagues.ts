import { Elysia } from 'elysia';
import { parseLeaderboardPage } from '../../domain/leaderboard-page';
import type { AppContext } from '../../app-context';
import { AnswerCache } from '../answer-cache';
import { clientAddress } from '../connection';
import { jsonResponse } from '../known-body';
import { readJsonBody } from '../request-body';
import { requirePlayer } from '../session';

/** Leagues (interface "Leagues" table) and the edition list the founding form offers. */
export function leagueRoutes(ctx: AppContext) {
  const { editions, leagues } = ctx.services;
  const answers = new AnswerCache();

  return new Elysia()
    .get('/api/v1/encyclopedia-editions', async ({ request }) => {
      await requirePlayer(ctx, request);
      return editions.list();
    })
    .get('/api/v1/leagues', async ({ request }) => {
      const player = await requirePlayer(ctx, request);
      return leagues.mine(player.id);
    })
    .post(
      '/api/v1/leagues',
      async ({ request, set }) => {
        const player = await requirePlayer(ctx, request);
        const league = await leagues.create(player.id, await readJsonBody(request, 'LEAGUE_INVALID_PAYLOAD'));
        set.status = 201;
        return league;
      },
      { parse: 'none' },
    )
    .get('/api/v1/leagues/global', async ({ request }) => {
      await requirePlayer(ctx, request);
      return leagues.global();
    })
    .get('/api/v1/leagues/public', async ({ request }) => {
      await requirePlayer(ctx, request);
      return leagues.publicShelf();
    })
    .get('/api/v1/leagues/by-code/:code', async ({ request, params }) => {
      const player = await requirePlayer(ctx, request);
      return leagues.byCode(player.id, params.code, clientAddress(request, ctx.config.trustProxy));
    })
    // A "code" with a slash in it is malformed too: same charge, same 404 as any other miss.
    .get('/api/v1/leagues/by-code/*', async ({ request, params }) => {
      const player = await requirePlayer(ctx, request);
      return leagues.byCode(player.id, params['*'], clientAddress(request, ctx.config.trustProxy));
    })
    .get('/api/v1/leagues/:id', async ({ request, params }) => {
      await requirePlayer(ctx, request);
      const version = leagues.versionOf(params.id);
      if (version === undefined) return leagues.byId(params.id);
      return answers.answer(request, `league:${params.id}`, version, () => ({ body: leagues.byId(params.id) }), () => leagues.versionOf(params.id));
    })
    .get('/api/v1/leagues/:id/leaderboard', async ({ request, params }) => {
      const player = await requirePlayer(ctx, request);
      const query = new URL(request.url).searchParams;
      const page = parseLeaderboardPage({ limit: query.get('limit'), offset: query.get('offset'), around: query.get('around') });
      const produce = () => {
        const { entries, teamCount } = leagues.leaderboard(params.id, page, player.id);
        return { body: entries, headers: page.kind === 'all' ? undefined : { 'x-total-count': String(teamCount) } };
      };
      // around=me differs by caller, and a league that does not exist has no version to tag
      const version = page.kind === 'around-me' ? undefined : leagues.versionOf(params.id);
      if (version === undefined) {
        const { body, headers } = produce();
        return jsonResponse(body, 200, headers);
      }
      const key = `leaderboard:${params.id}:${page.kind === 'range' ? `${page.offset}+${page.limit}` : 'all'}`;
      return answers.answer(request, key, version, produce, () => leagues.versionOf(params.id));
    })
    .get('/api/v1/leagues/:id/my-role', async ({ request, params }) => {
      const player = await requirePlayer(ctx, request);
      return leagues.myRole(params.id, player.id);
    })
    .get('/api/v1/leagues/:id/invite-code', async ({ request, params }) => {
      const player = await requirePlayer(ctx, request);
      return leagues.inviteCode(params.id, player.id);
    })
    .post(
      '/api/v1/leagues/:id/closure',
      async ({ request, params }) => {
        const player = await requirePlayer(ctx, request);
        return leagues.close(params.id, player.id);
      },
      { parse: 'none' },
    );
}
