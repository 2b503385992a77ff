import { z } from 'zod';
import { named } from '../../platform/http/wire/registry';

export const FrontendUrlsSchema = named(
  'FrontendUrls',
  z.object({
    resolved_url: z.string().describe('absolute, scheme included'),
    FRONTEND_URL: z.string().describe('as configured; may lack a scheme'),
  }),
);
