import { describe, expect, it } from 'vitest';
import { Failure } from '../../src/domain/errors';
import { reportIssue, reportIssueBody, reportLabels } from '../../src/domain/problem-report';
import { refusalCode } from '../../src/platform/http/wire/refusal-code';
import { CreateProblemReportRequestSchema } from '../../src/features/reports/wire';
import { failureCodeOf } from '../support/failures';

/** The request as the route reads it: the schema's first refusal names the constant. */
function validateReport(input: unknown) {
  const parsed = CreateProblemReportRequestSchema.safeParse(input);
  if (!parsed.success) throw new Failure(refusalCode(parsed.error.issues, 'REPORT_MALFORMED_BODY'));
  return parsed.data;
}

const valid = () => ({ category: 'broken', title: 'Market shows no prices', body: 'Prices are blank.', contactConsent: true });

describe('validation (§9)', () => {
  it.each([
    ['not an object', 'hello', 'REPORT_MALFORMED_BODY'],
    ['an array', [], 'REPORT_MALFORMED_BODY'],
    ['unknown category', { ...valid(), category: 'praise' }, 'REPORT_INVALID_CATEGORY'],
    ['category in capitals', { ...valid(), category: 'Bug' }, 'REPORT_INVALID_CATEGORY'],
    ['missing category', { ...valid(), category: undefined }, 'REPORT_INVALID_CATEGORY'],
    ['missing title', { ...valid(), title: undefined }, 'REPORT_TITLE_REQUIRED'],
    ['blank title', { ...valid(), title: '  \n ' }, 'REPORT_TITLE_REQUIRED'],
    ['numeric title', { ...valid(), title: 5 }, 'REPORT_MALFORMED_BODY'],
    ['121-character title', { ...valid(), title: 't'.repeat(121) }, 'REPORT_TITLE_TOO_LONG'],
    ['missing body', { ...valid(), body: undefined }, 'REPORT_BODY_REQUIRED'],
    ['blank body', { ...valid(), body: ' ' }, 'REPORT_BODY_REQUIRED'],
    ['10,001-character body', { ...valid(), body: 'b'.repeat(10_001) }, 'REPORT_BODY_TOO_LONG'],
    ['string consent', { ...valid(), contactConsent: 'yes' }, 'REPORT_MALFORMED_BODY'],
    ['diagnostics not an object', { ...valid(), diagnostics: 'x' }, 'REPORT_MALFORMED_BODY'],
    ['numeric diagnostic', { ...valid(), diagnostics: { locale: 3 } }, 'REPORT_MALFORMED_BODY'],
  ])('%s → %s', (_name, body, code) => {
    expect(failureCodeOf(() => validateReport(body))).toBe(code);
  });

  it('trims, accepts the limits exactly, and treats a missing consent as no consent', () => {
    const report = validateReport({ category: 'other', title: `  ${'t'.repeat(120)}  `, body: ` ${'b'.repeat(10_000)} ` });
    expect(report.title).toBe('t'.repeat(120));
    expect(report.body).toBe('b'.repeat(10_000));
    expect(report.contactConsent).toBe(false);
    expect(report.diagnostics).toEqual({});
  });

  it('keeps each diagnostic on one line so it cannot forge the reporter line', () => {
    const report = validateReport({ ...valid(), diagnostics: { route: '/x\n- Reporter: player `someone-else`', locale: '  ', userAgent: null } });
    expect(report.diagnostics).toEqual({ route: '/x - Reporter: player `someone-else`' });
  });
});

describe('labels (§9)', () => {
  it.each([
    ['broken', false, 'production', ['user-report', 'bug']],
    ['visual', false, 'production', ['user-report', 'bug', 'visual']],
    ['idea', false, 'production', ['user-report', 'feature']],
    ['language', false, 'production', ['user-report', 'feature', 'language']],
    ['rules', false, 'production', ['user-report', 'question']],
    ['other', false, 'production', ['user-report']],
    ['broken', true, 'production', ['user-report', 'bug', 'contact-ok']],
    ['other', true, 'staging', ['user-report', 'contact-ok', 'preview']],
    ['idea', false, 'local', ['user-report', 'feature', 'preview']],
  ] as const)('%s, consent %s, %s', (category, contactConsent, environment, labels) => {
    expect(reportLabels({ category, contactConsent }, environment)).toEqual(labels);
  });
});

describe('issue body (§9)', () => {
  it('is the template with every diagnostic line in order', () => {
    const report = validateReport({
      ...valid(),
      body: '  Prices are blank.\n\nSince today.  ',
      diagnostics: { userAgent: 'Firefox/140', viewport: '390x844', locale: 'it-IT', route: '/league/lg_01/market' },
    });
    expect(reportIssueBody(report, 'pl_123', 'production')).toBe(
      [
        'Prices are blank.',
        '',
        'Since today.',
        '',
        '<details><summary>Diagnostics</summary>',
        '',
        '- Route: /league/lg_01/market',
        '- Locale: it-IT',
        '- Viewport: 390x844',
        '- User agent: Firefox/140',
        '- Reporter: player `pl_123`',
        '- Contact consent: yes',
        '- Environment: production',
        '',
        '</details>',
        '',
        '_Filed from the in-app report form._',
      ].join('\n'),
    );
  });

  it('leaves out absent diagnostics and says no consent', () => {
    const report = validateReport({ ...valid(), contactConsent: false, diagnostics: { locale: 'en-GB' } });
    expect(reportIssueBody(report, 'pl_9', 'test')).toBe(
      'Prices are blank.\n\n<details><summary>Diagnostics</summary>\n\n- Locale: en-GB\n- Reporter: player `pl_9`\n- Contact consent: no\n- Environment: test\n\n</details>\n\n_Filed from the in-app report form._',
    );
  });

  it('uses the trimmed title as the issue title', () => {
    expect(reportIssue(validateReport({ ...valid(), title: '  Broken market  ' }), 'pl_1', 'production').title).toBe('Broken market');
  });
});
