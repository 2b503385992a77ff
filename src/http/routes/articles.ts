import {
  ArticlePageSchema,
  ArticleOfferSchema,
  ArticleQuerySchema,
  ArticleSearchQuerySchema,
  GenieCandidatesQuerySchema,
  GenieCandidatesSchema,
  TeamChemistrySchema,
} from '../../wire/articles';
import { z } from 'zod';
import { route } from '../route-kit';

const tag = 'Articles';

/** Additions for the app: article search and page (beyond the shelf), Genie candidates, and a team's chemistry pairs. */
export const articleRoutes = [
  route({
    id: 'searchArticles',
    method: 'GET',
    path: '/api/v1/leagues/:id/article-search',
    summary: 'Search the league’s edition for articles to buy, priced like a buy (an addition)',
    tag,
    access: 'player',
    query: ArticleSearchQuerySchema,
    answer: { json: z.array(ArticleOfferSchema) },
    handle: ({ services, player, params, query }) => services.articles.search(player.id, params.id, query.q),
  }),
  route({
    id: 'getArticle',
    method: 'GET',
    path: '/api/v1/leagues/:id/article',
    summary: 'One article’s page: summary, prices, owner and daily pageviews (an addition)',
    tag,
    access: 'player',
    query: ArticleQuerySchema,
    answer: { json: ArticlePageSchema },
    handle: ({ services, player, params, query }) => services.articles.article(player.id, params.id, query.id),
  }),
  route({
    id: 'listGenieCandidates',
    method: 'GET',
    path: '/api/v1/leagues/:id/genie-candidates',
    summary: 'The Genie’s candidate set for keywords and anchors, each with a one-line description (§10.2)',
    tag,
    access: 'player',
    query: GenieCandidatesQuerySchema,
    answer: { json: GenieCandidatesSchema },
    handle: ({ services, params, query }) => services.genieCandidates.candidates(params.id, query),
  }),
  route({
    id: 'getTeamChemistry',
    method: 'GET',
    path: '/api/v1/leagues/:id/teams/:teamId/chemistry',
    summary: 'The chemistry level of every pair of a team’s live articles (an addition)',
    tag,
    access: 'player',
    answer: { json: TeamChemistrySchema },
    handle: ({ services, params }) => services.chemistry.teamChemistry(params.id, params.teamId),
  }),
];
