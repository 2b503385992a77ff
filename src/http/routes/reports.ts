import { CreateProblemReportRequestSchema, FiledReportSchema } from '../../wire/reports';
import { route } from '../route-kit';

/** Problem reports (§9): the reporter is the session's player, never anything in the body. */
export const reportRoutes = [
  route({
    id: 'fileProblemReport',
    method: 'POST',
    path: '/api/v1/reports',
    summary: 'File a problem report; it becomes an issue in the configured tracker (§9)',
    tag: 'Reports',
    access: 'player',
    // §9 counts attempts: the rate limit is charged before the body is judged, broken or not
    body: { schema: CreateProblemReportRequestSchema, malformed: 'REPORT_MALFORMED_BODY', invalid: 'REPORT_MALFORMED_BODY', checkedByService: true },
    status: 201,
    answer: { json: FiledReportSchema },
    handle: ({ services, player, body }) => services.reports.submit(player.id, body),
  }),
];
