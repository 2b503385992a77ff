import { configuredFrontendUrl, resolvedFrontendUrl } from '../../config';
import { FrontendUrlsSchema } from '../../wire/root';
import { route } from '../route-kit';

export const rootRoutes = [
  route({
    id: 'getFrontendUrls',
    method: 'GET',
    path: '/',
    summary: 'Where this deployment’s frontend is, resolved and as configured',
    tag: 'Service',
    access: 'public',
    answer: { json: FrontendUrlsSchema },
    handle: ({ ctx }) => ({
      resolved_url: resolvedFrontendUrl(ctx.config),
      FRONTEND_URL: configuredFrontendUrl(ctx.config),
    }),
  }),
];
