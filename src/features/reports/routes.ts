import { Elysia } from 'elysia';
import type { AppContext } from '../../platform/app-context';
import type { Services } from '../../platform/composition-root';
import { CreateProblemReportRequestSchema, FiledReportSchema } from './wire';
import { playerSession } from '../../platform/http/plugins/guards';
import { heldBackBody, judged } from '../../platform/http/route-options';
import { answer } from '../../platform/http/route-schemas';
import { docs } from '../../platform/http/route-docs';

const malformed = 'REPORT_MALFORMED_BODY';

export function reportRoutes(ctx: AppContext, services: Services) {
  return new Elysia({ prefix: '/api/v1' }).use(playerSession(ctx, services)).post(
    '/reports',
    ({ player, body, set }) => {
      set.status = 201;
      // The rate limit is charged before the body is judged
      return services.reports.submit(player.id, judged(CreateProblemReportRequestSchema, body, malformed));
    },
    {
      ...heldBackBody(CreateProblemReportRequestSchema, { malformed }),
      response: { 201: answer(FiledReportSchema) },
      ...docs('Reports', 'session')({ id: 'fileProblemReport', summary: 'File a problem report; it becomes an issue in the configured tracker (§9)' }),
    },
  );
}
