import { Elysia } from 'elysia';
import { ArticleService } from '../../services/article-service';
import { ChemistryService } from '../../services/chemistry-service';
import { GenieCandidateService } from '../../services/genie-candidates-service';
import type { AppContext } from '../../app-context';
import { requirePlayer } from '../session';

/** Additions for the app: article search and page (beyond the shelf), Genie candidates, and a team's chemistry pairs. */
export function articleRoutes(ctx: AppContext) {
  const deps = { db: ctx.db, clock: ctx.clock, log: ctx.log, encyclopedia: ctx.upstream.encyclopedia };
  const articles = new ArticleService(deps);
  const chemistry = new ChemistryService(deps);
  const genieCandidates = new GenieCandidateService(deps);
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
