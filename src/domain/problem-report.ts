/** The issue lands in a public repository, so nothing here ever sees the player's e-mail. */

export const REPORT_CATEGORIES = ['broken', 'visual', 'idea', 'language', 'rules', 'other'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

export const REPORT_LIMITS = {
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

export const REPORT_DIAGNOSTIC_FIELDS = ['route', 'locale', 'viewport', 'userAgent'] as const;

export function reportLabels(report: Pick<ProblemReport, 'category' | 'contactConsent'>, environment: string): string[] {
  const labels = ['user-report', ...CATEGORY_LABELS[report.category]];
  if (report.contactConsent) labels.push('contact-ok');
  if (environment !== 'production') labels.push('preview');
  return labels;
}

/** Byte for byte as the rules write it; the reporter is named only by the opaque player id. */
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
