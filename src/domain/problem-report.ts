/**
 * Problem reports (game-rules §9): what a player may send, and the public issue it becomes.
 * The issue lands in a public repository, so nothing here ever sees the player's e-mail.
 */
import { fail } from './errors';
import { characterCount, isPlainObject } from './values';

const REPORT_CATEGORIES = ['broken', 'visual', 'idea', 'language', 'rules', 'other'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

const REPORT_LIMITS = {
  titleMax: 120,
  bodyMax: 10_000,
  /** not in the rules: bounds what a client can append to the public issue unseen by the player */
  diagnosticMax: 1_000,
} as const;

const CATEGORY_LABELS: Record<ReportCategory, string[]> = {
  broken: ['bug'],
  visual: ['bug', 'visual'],
  idea: ['feature'],
  language: ['feature', 'language'],
  rules: ['question'],
  other: [],
};

export interface ReportDiagnostics {
  route?: string;
  locale?: string;
  viewport?: string;
  userAgent?: string;
}

export interface ProblemReport {
  category: ReportCategory;
  title: string;
  body: string;
  contactConsent: boolean;
  diagnostics: ReportDiagnostics;
}

const DIAGNOSTIC_FIELDS = ['route', 'locale', 'viewport', 'userAgent'] as const;

/** Validates `POST /api/v1/reports` in field order; throws the matching REPORT_* constant. */
export function validateReport(input: unknown): ProblemReport {
  if (!isPlainObject(input)) fail('REPORT_MALFORMED_BODY', 'body must be an object');

  const { category, title, body, contactConsent, diagnostics } = input;
  if (typeof category !== 'string' || !(REPORT_CATEGORIES as readonly string[]).includes(category)) {
    fail('REPORT_INVALID_CATEGORY');
  }

  if (title !== undefined && title !== null && typeof title !== 'string') fail('REPORT_MALFORMED_BODY', 'title must be a string');
  const trimmedTitle = typeof title === 'string' ? title.trim() : '';
  if (trimmedTitle === '') fail('REPORT_TITLE_REQUIRED');
  if (characterCount(trimmedTitle) > REPORT_LIMITS.titleMax) fail('REPORT_TITLE_TOO_LONG');

  if (body !== undefined && body !== null && typeof body !== 'string') fail('REPORT_MALFORMED_BODY', 'body must be a string');
  const trimmedBody = typeof body === 'string' ? body.trim() : '';
  if (trimmedBody === '') fail('REPORT_BODY_REQUIRED');
  if (characterCount(trimmedBody) > REPORT_LIMITS.bodyMax) fail('REPORT_BODY_TOO_LONG');

  // Consent is opt-in: a client that leaves it out has not given it.
  if (contactConsent !== undefined && typeof contactConsent !== 'boolean') {
    fail('REPORT_MALFORMED_BODY', 'contactConsent must be a boolean');
  }

  const clean: ReportDiagnostics = {};
  if (diagnostics !== undefined && diagnostics !== null) {
    if (!isPlainObject(diagnostics)) fail('REPORT_MALFORMED_BODY', 'diagnostics must be an object');
    for (const field of DIAGNOSTIC_FIELDS) {
      const value = diagnostics[field];
      if (value === undefined || value === null) continue;
      if (typeof value !== 'string') fail('REPORT_MALFORMED_BODY', `diagnostics.${field} must be a string`);
      if (characterCount(value) > REPORT_LIMITS.diagnosticMax) fail('REPORT_MALFORMED_BODY', `diagnostics.${field} too long`);
      // One line each: a newline in a diagnostic could otherwise forge the Reporter line.
      const oneLine = value.replace(/\s+/g, ' ').trim();
      if (oneLine !== '') clean[field] = oneLine;
    }
  }

  return {
    category: category as ReportCategory,
    title: trimmedTitle,
    body: trimmedBody,
    contactConsent: contactConsent === true,
    diagnostics: clean,
  };
}

export function reportLabels(report: Pick<ProblemReport, 'category' | 'contactConsent'>, environment: string): string[] {
  const labels = ['user-report', ...CATEGORY_LABELS[report.category]];
  if (report.contactConsent) labels.push('contact-ok');
  if (environment !== 'production') labels.push('preview');
  return labels;
}

/** The issue body of §9, byte for byte. The reporter is named only by the opaque player id. */
export function reportIssueBody(report: ProblemReport, playerId: string, environment: string): string {
  const { route, locale, viewport, userAgent } = report.diagnostics;
  const lines = [
    report.body,
    '',
    '<details><summary>Diagnostics</summary>',
    '',
    ...(route !== undefined ? [`- Route: ${route}`] : []),
    ...(locale !== undefined ? [`- Locale: ${locale}`] : []),
    ...(viewport !== undefined ? [`- Viewport: ${viewport}`] : []),
    ...(userAgent !== undefined ? [`- User agent: ${userAgent}`] : []),
    `- Reporter: player \`${playerId}\``,
    `- Contact consent: ${report.contactConsent ? 'yes' : 'no'}`,
    `- Environment: ${environment}`,
    '',
    '</details>',
    '',
    '_Filed from the in-app report form._',
  ];
  return lines.join('\n');
}

export function reportIssue(report: ProblemReport, playerId: string, environment: string): { title: string; body: string; labels: string[] } {
  return {
    title: report.title,
    body: reportIssueBody(report, playerId, environment),
    labels: reportLabels(report, environment),
  };
}
