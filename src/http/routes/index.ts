/**
 * Every route declared with the route kit, in one list: app.ts mounts it and the OpenAPI
 * document is built from it, so a route cannot be served without being documented.
 */
import { z } from 'zod';
import { version } from '../../../package.json';
import type { Config } from '../../config';
import { openApiDocument } from '../openapi';
import { type Route, route } from '../route-kit';
import { articleRoutes } from './articles';
import { authRoutes } from './auth';
import { genieRoutes } from './genie';
import { internalRoutes } from './internal';
import { leagueRoutes } from './leagues';
import { lineupRoutes } from './lineups';
import { marketRoutes } from './market';
import { metricsRoutes } from './metrics';
import { notificationRoutes } from './notifications';
import { reportRoutes } from './reports';
import { rootRoutes } from './root';
import { sessionRoutes } from './session';
import { teamRoutes } from './teams';

const documents = new WeakMap<Config, unknown>();

export const declaredRoutes: readonly Route[] = [
  ...rootRoutes,
  ...authRoutes,
  ...sessionRoutes,
  ...leagueRoutes,
  ...teamRoutes,
  ...marketRoutes,
  ...genieRoutes,
  ...internalRoutes,
  ...metricsRoutes,
  ...lineupRoutes,
  ...notificationRoutes,
  ...articleRoutes,
  ...reportRoutes,
  route({
    id: 'getOpenApiDocument',
    method: 'GET',
    path: '/openapi.json',
    summary: 'This document: the interface as OpenAPI 3.1, for this deployment’s configuration',
    tag: 'Service',
    access: 'public',
    answer: { json: z.looseObject({ openapi: z.string() }) },
    handle: ({ ctx }) => {
      let document = documents.get(ctx.config);
      if (!document) documents.set(ctx.config, (document = openApiDocument(declaredRoutes, ctx.config, version)));
      return document;
    },
  }),
];
