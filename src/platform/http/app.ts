/** Plugins in the order a request meets them, then one feature plugin per resource family; its type is the web app's Eden client. */
import { node } from '@elysiajs/node';
import { type AnyElysia, Elysia } from 'elysia';
import { routesWhen } from './optional-routes';
import { z } from 'zod';
import { version } from '../../../package.json';
import type { AppContext } from '../app-context';
import type { Config } from '../config';
import { openApiDocument } from './openapi-document';
import { answerHeaders } from './plugins/answers';
import { CachedAnswers } from './plugins/cached-answers';
import { warmLeagueAnswers } from '../../features/leagues/kept-answers';
import { errorAnswers } from './plugins/errors';
import { guards } from './plugins/guards';
import { readableValues } from './plugins/readable-values';
import { leagueHomeRoutes } from '../../features/league-home/routes';
import { requestLog } from './plugins/request-log';
import { webApp } from './plugins/web-app';
import { answer } from './route-schemas';
import { articleRoutes } from '../../features/articles/routes';
import { authRoutes } from '../../features/auth/routes';
import { contractRoutes } from '../../features/contracts/routes';
import { genieRoutes } from '../../features/genie/routes';
import { internalRoutes } from '../../features/scoring/routes';
import { leagueRoutes } from '../../features/leagues/routes';
import { headToHeadRoutes } from '../../features/head-to-head/routes';
import { lineupRoutes } from '../../features/lineups/routes';
import { marketRoutes } from '../../features/contracts/routes-market';
import { metricsRoutes } from '../../features/operations/routes-metrics';
import { notificationRoutes } from '../../features/notifications/routes';
import { reportRoutes } from '../../features/reports/routes';
import { rootRoutes } from '../../features/operations/routes';
import { docs } from './route-docs';
import { sessionRoutes } from '../../features/auth/routes-session';
import { teamRoutes } from '../../features/leagues/routes-teams';
import { pushRoutes } from '../../features/notifications/routes-push';
import { webhookRoutes } from '../../features/notifications/routes-webhooks';

export function createApp(ctx: AppContext) {
  const { services } = ctx;
  const answers = new CachedAnswers();
  // the job that moved a league's ranks makes its home's first answers ready, not its first reader
  // (documentFor builds the routes with no services behind them: nothing to warm)
  if (services) services.ranks.whenRanked((leagueId) => warmLeagueAnswers(answers, services.leagues, leagueId));
  const features = new Elysia()
    .use(rootRoutes(ctx.config, services))
    .use(authRoutes(ctx, services))
    .use(sessionRoutes(ctx, services))
    .use(leagueRoutes(ctx, services, answers))
    .use(leagueHomeRoutes(ctx, services))
    .use(teamRoutes(ctx, services))
    .use(headToHeadRoutes(ctx, services))
    .use(marketRoutes(ctx, services, answers))
    .use(contractRoutes(ctx, services))
    .use(genieRoutes(ctx, services))
    .use(internalRoutes(services))
    .use(lineupRoutes(ctx, services))
    .use(notificationRoutes(ctx, services))
    .use(articleRoutes(ctx, services))
    .use(reportRoutes(ctx, services))
    .use(webhookRoutes(ctx, services))
    .use(pushRoutes(ctx, services));
  const metricsToken = ctx.config.metrics.token;
  const metrics = routesWhen(Boolean(metricsToken), () => metricsRoutes(ctx.metrics, metricsToken ?? ''));

  let document: unknown;
  let self: AnyElysia | undefined;
  const app = new Elysia({ adapter: node() })
    .use(requestLog(ctx.log, ctx.metrics, () => self))
    .use(answerHeaders())
    .use(webApp())
    .use(guards(ctx))
    .use(errorAnswers(ctx.log))
    .use(readableValues())
    .use(features)
    .use(metrics)
    .get('/openapi.json', () => (document ??= openApiDocument(self!, version)) as { openapi: string }, {
      response: answer(z.looseObject({ openapi: z.string() })),
      ...docs('Service', 'public')({ id: 'getOpenApiDocument', summary: 'This document: the interface as OpenAPI 3.1, for this deployment’s configuration' }),
    });
  self = app;
  return app;
}

export type App = ReturnType<typeof createApp>;

export function webHandler(app: App): (request: Request) => Promise<Response> {
  return (request) => app.handle(request);
}

/** The routes are built but never run, so nothing behind them is opened. */
export function documentFor(config: Config): Record<string, unknown> {
  return openApiDocument(createApp({ config } as AppContext), version);
}

export function openApiPath(template: string): string {
  return template.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}
