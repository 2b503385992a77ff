import { z } from 'zod';
import { type ProblemReport, REPORT_CATEGORIES, type ReportCategory, REPORT_DIAGNOSTIC_FIELDS, REPORT_LIMITS, type ReportDiagnostics } from '../../domain/problem-report';
import { characterCount } from '../../domain/values';
import { named } from '../../platform/http/wire/registry';

const MALFORMED = 'REPORT_MALFORMED_BODY';

/** Not a string is malformed; blank after trimming is missing. */
function requiredText(required: 'REPORT_TITLE_REQUIRED' | 'REPORT_BODY_REQUIRED', tooLong: 'REPORT_TITLE_TOO_LONG' | 'REPORT_BODY_TOO_LONG', max: number) {
  return z
    .string({ error: MALFORMED })
    .nullish()
    .transform((value) => (value ?? '').trim())
    .refine((value) => value !== '', { message: required, abort: true })
    .refine((value) => characterCount(value) <= max, { message: tooLong })
    .describe(`required: left out, null or blank is refused as missing; trimmed; at most ${max} characters`);
}

const diagnostic = z
  .string({ error: MALFORMED })
  .nullish()
  .refine((value) => value == null || characterCount(value) <= REPORT_LIMITS.diagnosticMax, { message: MALFORMED })
  .describe(`at most ${REPORT_LIMITS.diagnosticMax} characters, written as one line`);

/** Checked in field order; consent is opt-in (left out means not given). */
export const CreateProblemReportRequestSchema = z
  .looseObject(
    {
      category: z.enum(REPORT_CATEGORIES, { error: 'REPORT_INVALID_CATEGORY' }),
      title: requiredText('REPORT_TITLE_REQUIRED', 'REPORT_TITLE_TOO_LONG', REPORT_LIMITS.titleMax),
      body: requiredText('REPORT_BODY_REQUIRED', 'REPORT_BODY_TOO_LONG', REPORT_LIMITS.bodyMax),
      contactConsent: z.boolean({ error: MALFORMED }).optional(),
      diagnostics: z
        .looseObject(Object.fromEntries(REPORT_DIAGNOSTIC_FIELDS.map((field) => [field, diagnostic])) as Record<(typeof REPORT_DIAGNOSTIC_FIELDS)[number], typeof diagnostic>, {
          error: MALFORMED,
        })
        .nullish(),
    },
    { error: MALFORMED },
  )
  .transform(
    ({ category, title, body, contactConsent, diagnostics }): ProblemReport => ({
      category,
      title,
      body,
      contactConsent: contactConsent === true,
      diagnostics: oneLineDiagnostics(diagnostics ?? {}),
    }),
  );

/** One line each: a newline in a diagnostic could otherwise forge the Reporter line. */
function oneLineDiagnostics(given: Partial<Record<keyof ReportDiagnostics, string | null | undefined>>): ReportDiagnostics {
  const clean: ReportDiagnostics = {};
  for (const field of REPORT_DIAGNOSTIC_FIELDS) {
    const oneLine = (given[field] ?? '').replace(/\s+/g, ' ').trim();
    if (oneLine !== '') clean[field] = oneLine;
  }
  return clean;
}

export type CreateProblemReportRequest = z.input<typeof CreateProblemReportRequestSchema>;
export type { ReportCategory };

export const FiledReportSchema = named(
  'FiledReport',
  z.object({ issueNumber: z.number().int(), issueUrl: z.string().describe('the issue’s page (a URI)') }),
);
export type FiledReport = z.infer<typeof FiledReportSchema>;
