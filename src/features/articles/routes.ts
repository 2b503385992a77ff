import { Elysia } from 'elysia';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context';
import type { Services } from '../../platform/composition-root';
import {
  ArticleOfferSchema,
  ArticlePageSchema,
  ArticleQuerySchema,
  ArticleSearchQuerySchema,
  GenieCandidatesQuerySchema,
  GenieCandidatesSchema,
  TeamChemistrySchema,
} from './wire';
import { playerSession } from '../../platform/http/plugins/guards';
import { checkedQuery } from '../../platform/http/route-options';
import { answer, checkedValue } from '../../platform/http/route-schemas';
import { docs } from '../../platform/http/route-docs';

const doc = docs('Articles', 'session');

export function articleRoutes(ctx: AppContext, services: Services) {
  return new Elysia({ prefix: '/api/v1' })
    .use(playerSession(ctx, services))
    .get('/leagues/:id/article-search', ({ player, params, query }) => services.articles.search(player.id, params.id, checkedValue(ArticleSearchQuerySchema, query).q), {
      ...checkedQuery(ArticleSearchQuerySchema),
      response: answer(z.array(ArticleOfferSchema)),
      ...doc({ id: 'searchArticles', summary: 'Search the league’s edition for articles to buy, priced like a buy (an addition)' }),
    })
    .get('/leagues/:id/article', ({ player, params, query }) => services.articles.article(player.id, params.id, checkedValue(ArticleQuerySchema, query).id), {
      ...checkedQuery(ArticleQuerySchema),
      response: answer(ArticlePageSchema),
      ...doc({ id: 'getArticle', summary: 'One article’s page: summary, prices, owner and daily pageviews (an addition)' }),
    })
    .get('/leagues/:id/genie-candidates', ({ params, query }) => services.genieCandidates.candidates(params.id, checkedValue(GenieCandidatesQuerySchema, query)), {
      ...checkedQuery(GenieCandidatesQuerySchema),
      response: answer(GenieCandidatesSchema),
      ...doc({ id: 'listGenieCandidates', summary: 'The Genie’s candidate set for keywords and anchors, each with a one-line description (§10.2)' }),
    })
    .get('/leagues/:id/teams/:teamId/chemistry', ({ params }) => services.chemistry.teamChemistry(params.id, params.teamId), {
      response: answer(TeamChemistrySchema),
      ...doc({ id: 'getTeamChemistry', summary: 'The chemistry level of every pair of a team’s live articles (an addition)' }),
    });
}
