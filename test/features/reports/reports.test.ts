/**
 * Problem reports over HTTP, against a loopback GitHub. One row per rule of game-rules §9
 * and external-apis §4.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { type CallerWorld, createCallerWorld, TEST_FRONTEND, type TestApp, type TestPlayer } from '../../support/app';
import { runCliCaptured } from '../../support/cli';
import { databaseConfig, folderOf } from '../../support/test-store';
import { countKeptReports, keptReports } from '../../../src/features/reports/store';
import { type DeploymentScenario, scenarioTablesByDeployment } from '../../support/scenarios';
import { type FakeIssueTracker, startFakeIssueTracker } from '../../fakes/issue-tracker';

const REPORTS = '/api/v1/reports';

let tracker: FakeIssueTracker;
beforeAll(async () => {
  tracker = await startFakeIssueTracker();
});
afterAll(async () => {
  await tracker.close();
});

/** configured: the fake tracker in a test deployment; production: same, environment production;
 *  unconfigured: no repository/token; unreachable: configured, but nothing listens */
const DEPLOYMENTS = ['configured', 'production', 'unconfigured', 'unreachable'] as const;
type Deployment = (typeof DEPLOYMENTS)[number];

interface World extends CallerWorld, Record<string, unknown> {
  tracker: FakeIssueTracker;
}

type Row = DeploymentScenario<World, Deployment>;

function configFor(deployment: Deployment) {
  const repository = `${tracker.owner}/${tracker.repo}`;
  switch (deployment) {
    case 'unconfigured':
      return { issueTracker: { apiUrl: tracker.url } };
    case 'unreachable':
      return { issueTracker: { apiUrl: 'http://127.0.0.1:9', repository, token: tracker.token } };
    case 'production':
      return { environment: 'production' as const, issueTracker: { apiUrl: tracker.url, repository, token: tracker.token } };
    default:
      return { issueTracker: { apiUrl: tracker.url, repository, token: tracker.token } };
  }
}

function setupFor(deployment: Deployment) {
  return async () => {
    tracker.reset();
    const callers = await createCallerWorld({ config: configFor(deployment) });
    return { app: callers.app, world: { ...callers, tracker } };
  };
}

type RowInput = Omit<Row, 'method' | 'path'> & Partial<Row>;

/** Every row posts report() as alice unless it says otherwise. */
function postingReports(rows: RowInput[]): Row[] {
  return rows.map((row) => ({ method: 'POST', path: REPORTS, as: 'alice', body: report(), ...row }));
}

async function repeatCalls(app: TestApp, player: TestPlayer, bodies: { body?: unknown; rawBody?: string }[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const body of bodies) statuses.push((await app.call('POST', REPORTS, { ...body, as: player })).status);
  return statuses;
}

const report = (patch: Record<string, unknown> = {}) => ({
  category: 'broken',
  title: '  Market shows no prices  ',
  body: '  Every price on the market is blank.\nSince this morning.  ',
  contactConsent: true,
  diagnostics: { route: '/league/lg_01/market', locale: 'it-IT', viewport: '390x844', userAgent: 'Mozilla/5.0 Firefox/140' },
  ...patch,
});

const failed = { error: 'REPORT_SUBMISSION_FAILED' };
const nothingFiled = (_r: unknown, w: World) => expect(w.tracker.requests).toHaveLength(0);

const rows = postingReports([
  {
    name: 'files the issue and answers its number and web URL',
    status: 201,
    exact: true,
    expect: (r, w) => {
      expect(r.body).toEqual({ issueNumber: 128, issueUrl: `https://github.com/${w.tracker.owner}/${w.tracker.repo}/issues/128` });
      expect(w.tracker.requests).toHaveLength(1);
    },
  },
  {
    name: 'the tracker receives exactly the title, body and labels of §9, with GitHub headers',
    status: 201,
    expect: (_r, w) => {
      const [sent] = w.tracker.requests;
      expect(sent.method).toBe('POST');
      expect(sent.path).toBe(`/repos/${w.tracker.owner}/${w.tracker.repo}/issues`);
      expect(sent.headers).toMatchObject({
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
        authorization: `Bearer ${w.tracker.token}`,
        'content-type': 'application/json',
      });
      expect(sent.headers['user-agent']).toMatch(/\S/);
      expect(sent.body).toEqual({
        title: 'Market shows no prices',
        body: [
          'Every price on the market is blank.',
          'Since this morning.',
          '',
          '<details><summary>Diagnostics</summary>',
          '',
          '- Route: /league/lg_01/market',
          '- Locale: it-IT',
          '- Viewport: 390x844',
          '- User agent: Mozilla/5.0 Firefox/140',
          `- Reporter: player \`${w.alice.id}\``,
          '- Contact consent: yes',
          '- Environment: test',
          '',
          '</details>',
          '',
          '_Filed from the in-app report form._',
        ].join('\n'),
        labels: ['user-report', 'bug', 'contact-ok', 'preview'],
      });
    },
  },
  {
    name: 'in production: no preview label, no consent, no diagnostics lines but the fixed ones',
    deployment: 'production',
    body: { category: 'language', title: 'Add Welsh', body: 'Please add cy.', contactConsent: false },
    status: 201,
    expect: (_r, w) => {
      expect(w.tracker.requests[0].body).toEqual({
        title: 'Add Welsh',
        body: `Please add cy.\n\n<details><summary>Diagnostics</summary>\n\n- Reporter: player \`${w.alice.id}\`\n- Contact consent: no\n- Environment: production\n\n</details>\n\n_Filed from the in-app report form._`,
        labels: ['user-report', 'feature', 'language'],
      });
    },
  },
  {
    name: 'the reporter comes from the session; the e-mail is never in the issue',
    body: report({ reporter: 'pl_someone_else', playerId: 'pl_someone_else', email: 'forged@example.org' }),
    status: 201,
    expect: (_r, w) => {
      const sent = JSON.stringify(w.tracker.requests[0].body);
      expect(sent).toContain(`player \`${w.alice.id}\``);
      expect(sent).not.toContain('pl_someone_else');
      expect(sent).not.toContain(w.alice.email);
      expect(sent).not.toContain('forged@example.org');
    },
  },
  {
    name: 'issue numbers increment per report',
    body: report({ category: 'idea' }),
    before: async (w) => {
      expect((await w.app.call('POST', REPORTS, { body: report(), as: w.alice })).body).toMatchObject({ issueNumber: 128 });
    },
    status: 201,
    expect: { issueNumber: 129 },
  },
  { name: 'broken JSON → 400', rawBody: '{"category":', status: 400, exact: true, expect: { error: 'REPORT_MALFORMED_BODY' } },
  { name: 'an empty body → 400', rawBody: '', status: 400, exact: true, expect: { error: 'REPORT_MALFORMED_BODY' } },
  {
    name: 'an unknown category → 400, nothing filed',
    body: report({ category: 'bug' }),
    status: 400,
    exact: true,
    expect: (r, w) => {
      expect(r.body).toEqual({ error: 'REPORT_INVALID_CATEGORY' });
      nothingFiled(r, w);
    },
  },
  { name: 'a blank title → 400', body: report({ title: '   ' }), status: 400, exact: true, expect: { error: 'REPORT_TITLE_REQUIRED' } },
  { name: 'a 121-character title → 400', body: report({ title: 't'.repeat(121) }), status: 400, exact: true, expect: { error: 'REPORT_TITLE_TOO_LONG' } },
  { name: 'no body → 400', body: report({ body: undefined }), status: 400, exact: true, expect: { error: 'REPORT_BODY_REQUIRED' } },
  { name: 'a 10,001-character body → 400', body: report({ body: 'b'.repeat(10_001) }), status: 400, exact: true, expect: { error: 'REPORT_BODY_TOO_LONG' } },
  { name: 'a non-boolean consent → 400', body: report({ contactConsent: 'yes' }), status: 400, exact: true, expect: { error: 'REPORT_MALFORMED_BODY' } },
  {
    name: 'a body of exactly 10,000 characters is filed whole',
    body: report({ body: 'b'.repeat(10_000) }),
    status: 201,
    expect: (_r, w) => expect(String(w.tracker.requests[0].body.body).startsWith(`${'b'.repeat(10_000)}\n\n<details>`)).toBe(true),
  },
  ...([401, 403, 422, 500] as const).map(
    (status): RowInput => ({
      name: `the tracker answering ${status} → 502, without the token in the logs`,
      method: 'POST',
      path: REPORTS,
          before: (w) => {
        w.tracker.failWith = status;
      },
      status: 502,
      exact: true,
      expect: (r, w) => {
        expect(r.body).toEqual(failed);
        expect(w.tracker.requests).toHaveLength(1);
        expect(JSON.stringify(w.app.log.lines)).not.toContain(w.tracker.token);
      },
    }),
  ),
  { name: 'a tracker nobody answers → 502', deployment: 'unreachable', status: 502, exact: true, expect: failed },
  {
    name: 'issue 36: no tracker configured → 201, the report kept here and answered with its number and its page in the app',
    deployment: 'unconfigured',
    status: 201,
    exact: true,
    expect: async (r, w) => {
      expect(r.body).toEqual({ issueNumber: 1, issueUrl: `${TEST_FRONTEND}/report?received=1` });
      nothingFiled(r, w);
      const kept = await keptReports(w.app.ctx.db, 10);
      expect(kept).toEqual([
        {
          id: 1,
          playerId: w.alice.id,
          category: 'broken',
          title: 'Market shows no prices',
          body: 'Every price on the market is blank.\nSince this morning.',
          contactConsent: true,
          diagnostics: { route: '/league/lg_01/market', locale: 'it-IT', viewport: '390x844', userAgent: 'Mozilla/5.0 Firefox/140' },
          createdAt: w.app.clock.now().toISOString(),
        },
      ]);
      // the next report is number 2; `fantasy reports` lists both, newest first; status counts them
      const second = await w.app.call('POST', REPORTS, { as: await w.app.player('bob'), body: report({ title: 'Second one', category: 'idea' }) });
      expect(second.body).toEqual({ issueNumber: 2, issueUrl: `${TEST_FRONTEND}/report?received=2` });
      const config = path.join(folderOf(w.app.database), 'fantasy.config.json');
      fs.writeFileSync(config, JSON.stringify(databaseConfig(w.app.database)));
      const listed = await runCliCaptured(['--config', config, 'reports']);
      expect(listed.code).toBe(0);
      expect(listed.stdout).toMatch(/^2 problem report\(s\) kept here:\n\n#2 .*\[idea\]  Second one\n/);
      expect(listed.stdout).toContain('[broken]  Market shows no prices\n    Every price on the market is blank.\n    Since this morning.\n');
      expect(await countKeptReports(w.app.ctx.db)).toBe(2);
    },
  },
  {
    name: 'no tracker configured still validates first → 400',
    deployment: 'unconfigured',
    body: report({ category: 'nope' }),
    status: 400,
    exact: true,
    expect: { error: 'REPORT_INVALID_CATEGORY' },
  },
  { name: 'no session cookie → 401', as: 'anonymous', status: 401, exact: true, expect: { error: 'UNAUTHORIZED' } },
  {
    name: 'a valid token naming an unknown player → 404, nothing filed',
    as: 'ghost',
    status: 404,
    exact: true,
    expect: (r, w) => {
      expect(r.body).toEqual({ error: 'PLAYER_NOT_FOUND' });
      nothingFiled(r, w);
    },
  },
  {
    name: 'the 4th attempt within a minute → 429, broken attempts count too',
    before: async (w) => {
      expect(await repeatCalls(w.app, w.alice, [{ rawBody: '{' }, { body: report({ category: 'x' }) }, { body: report() }])).toEqual([400, 400, 201]);
    },
    status: 429,
    exact: true,
    expect: (r, w) => {
      expect(r.body).toEqual({ error: 'REPORT_RATE_LIMITED' });
      // the clock stands still: the first attempt leaves the window in a full minute
      expect(r.headers.get('retry-after')).toBe('60');
      expect(w.tracker.requests).toHaveLength(1);
    },
  },
  {
    name: 'the limit is per player: another player still reports',
    as: 'bob',
    before: async (w, app) => {
      w.bob = await app.player('bob');
      expect(await repeatCalls(app, w.alice, [{ rawBody: '{' }, { rawBody: '{' }, { rawBody: '{' }, { rawBody: '{' }])).toEqual([400, 400, 400, 429]);
    },
    status: 201,
  },
  {
    name: 'the quota comes back after 60 seconds',
    before: async (w) => {
      expect(await repeatCalls(w.app, w.alice, [{ rawBody: '{' }, { rawBody: '{' }, { rawBody: '{' }, { rawBody: '{' }])).toEqual([400, 400, 400, 429]);
      w.app.clock.advance(60_001);
    },
    status: 201,
  },
  {
    name: 'the limit survives a restart (a new app on the same database file)',
    before: async (w) => {
      const earlier = await w.app.restart();
      try {
        expect(await repeatCalls(earlier, w.alice, [{ rawBody: '{' }, { rawBody: '{' }, { rawBody: '{' }])).toEqual([400, 400, 400]);
      } finally {
        await earlier.close();
      }
    },
    status: 429,
    exact: true,
    expect: (r, w) => {
      expect(r.body).toEqual({ error: 'REPORT_RATE_LIMITED' });
      nothingFiled(r, w);
    },
  },
]);

describe('POST /api/v1/reports', () => scenarioTablesByDeployment(DEPLOYMENTS, setupFor, rows));
