import { Elysia } from 'elysia';
import type { AppContext } from '../../app-context';
import { requirePlayer } from '../session';

/** Additions for the app: article search and page (beyond the shelf), Genie candidates, and a team's chemistry pairs. */
export function articleRoutes(ctx: AppContext) {
  const { articles, chemistry, genieCandidates } = ctx.services;
  return new Elysia()
    .get('/api/v1/leagues/:id/article-search', async ({ request, params }) => {
      const player = await requirePlayer(ctx, request);
      return articles.search(player.id, params.id, new URL(request.url).searchParams.get('q'));
    })
    .get('/api/v1/leagues/:id/article', async ({ request, params }) => {
      const player = await requirePlayer(ctx, request);
      return articles.article(player.id, params.id, new URL(request.url).searchParams.get('id'));
    })
    .get('/api/v1/leagues/:id/genie-candidates', async ({ request, params }) => {
      await requirePlayer(ctx, request);
      const query = new URL(request.url).searchParams;
      return genieCandidates.candidates(params.id, { keywords: query.get('keywords'), anchors: query.getAll('anchor') });
    })
    .get('/api/v1/leagues/:id/teams/:teamId/chemistry', async ({ request, params }) => {
      await requirePlayer(ctx, request);
      return chemistry.teamChemistry(params.id, params.teamId);
    });
}
