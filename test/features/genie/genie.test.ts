/**
 * The Article Genie over HTTP, against a loopback OpenAI-compatible model. One table per
 * endpoint, one row per rule of game-rules §10 and the interface's genie rules.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/platform/config';
import { createLanguageModelClient } from '../../../src/upstream/language-model';
import { TURN_SYSTEM_PROMPT } from '../../../src/domain/genie';
import { type CallerWorld, createCallerWorld, createTestApp, type TestApp, type TestPlayer } from '../../support/app';
import { type DeploymentScenario, scenarioTablesByDeployment } from '../../support/scenarios';
import { type FakeLanguageModel, fenced, startFakeLanguageModel } from '../../fakes/language-model';
import { isDatabaseUrl } from '../../support/test-store';

const SEEDS = '/api/v1/me/genie-seeds';
const TURNS = '/api/v1/me/genie-turns';
const API_KEY = 'sk-test-secret-never-logged';
// generous: two test workers share the cores, and a loopback answer must never miss it by accident
const TIMEOUT_MS = 1_500;

let model: FakeLanguageModel;
beforeAll(async () => {
  model = await startFakeLanguageModel();
});
afterAll(async () => {
  await model.close();
});

/** bound: a model is configured; unbound: none (the genie sleeps); keyed: bound with an API key */
const DEPLOYMENTS = ['bound', 'unbound', 'keyed'] as const;
type Deployment = (typeof DEPLOYMENTS)[number];

interface World extends CallerWorld, Record<string, unknown> {
  model: FakeLanguageModel;
}

type Row = DeploymentScenario<World, Deployment>;

function languageModelFor(deployment: Deployment) {
  if (deployment === 'unbound') return null;
  return createLanguageModelClient(
    parseConfig({ languageModel: { baseUrl: model.url, model: 'test-model', ...(deployment === 'keyed' ? { apiKey: API_KEY } : {}) } }),
    { timeoutMs: TIMEOUT_MS },
  );
}

function setupFor(deployment: Deployment) {
  return async () => {
    model.reset(deployment === 'keyed' ? API_KEY : undefined);
    const callers = await createCallerWorld({ upstream: { languageModel: languageModelFor(deployment) } });
    return { app: callers.app, world: { ...callers, model } };
  };
}

/** Every row posts to the table's endpoint as alice unless it says otherwise. */
function postingTo(path: string, defaults: Partial<Row>, rows: (Omit<Row, 'method' | 'path'> & Partial<Row>)[]): Row[] {
  return rows.map((row) => ({ method: 'POST', path, as: 'alice', ...defaults, ...row }));
}

/** A row's `before` that scripts the model's replies per kind of call. */
const scripted = (script: FakeLanguageModel['script']) => (world: World) => {
  world.model.script = script;
};

async function repeatCalls(app: TestApp, player: TestPlayer, calls: [string, unknown][]): Promise<number[]> {
  const statuses: number[] = [];
  for (const [path, body] of calls) statuses.push((await app.call('POST', path, { body, as: player })).status);
  return statuses;
}

// ------------------------------------------------------------------------------------------

const candidates = [
  { id: 3, title: 'Apollo 13 (film)', description: '1995 film directed by Ron Howard' },
  { id: 7, title: 'Gravity (2013 film)', description: 'Film by Alfonso Cuarón' },
  { id: 11, title: 'The Martian (film)' },
];
const ids = [3, 7, 11];
const history = [{ question: 'Is it set in space?', answer: 'Yes' }];
const turn = (patch: Record<string, unknown> = {}) => ({ query: 'a film about astronauts', history, candidates, bucket: 'a handful', ...patch });
const reply = (patch: Record<string, unknown> = {}) => ({
  utterance: 'A handful of stars twinkle… was it made this century?',
  question: 'Was it made this century?',
  keep: [7, 11],
  options: ['Yes', 'No'],
  kind: 'filter',
  done: false,
  ...patch,
});
const asleep = { error: 'GENIE_ASLEEP' };
const noModelCall = (_r: unknown, world: World) => expect(world.model.requests).toHaveLength(0);

const seedRows = postingTo(SEEDS, { body: { query: 'x' } }, [
  {
    name: 'turns the description into keywords and at most 3 anchors',
    body: { query: '  the film linking NASA, Apollo 11, Tom Hanks and Houston  ' },
    before: scripted({ seed: { json: { keywords: ' astronaut film ', anchors: ['NASA', ' Apollo 11 ', '', 'Tom Hanks', 'Houston'] } } }),
    status: 200,
    exact: true,
    expect: { keywords: 'astronaut film', anchors: ['NASA', 'Apollo 11', 'Tom Hanks'] },
  },
  {
    name: 'sends one OpenAI-style request: model, seed prompt, the trimmed query, 512-token cap, JSON mode',
    body: { query: '  a mathematician at NASA  ' },
    before: scripted({ seed: { json: { keywords: 'mathematician NASA', anchors: [] } } }),
    status: 200,
    expect: (_r, w) => {
      expect(w.model.requests).toHaveLength(1);
      const [sent] = w.model.requests;
      expect(sent.path).toBe('/chat/completions');
      expect(sent.call).toBe('seed');
      expect(sent.headers.authorization).toBeUndefined();
      expect(sent.body).toMatchObject({
        model: 'test-model',
        max_tokens: 512,
        temperature: 0.2,
        stream: false,
        response_format: { type: 'json_object' },
      });
      expect(sent.body.messages?.[1]).toEqual({ role: 'user', content: 'a mathematician at NASA' });
    },
  },
  {
    name: 'a reply holding no JSON object is a model failure: 503 asleep, not retried',
    body: { query: ' tall tower in Paris ' },
    before: scripted({ seed: { content: 'I am sorry, I cannot do that.' } }),
    status: 503,
    exact: true,
    expect: (r, w) => {
      expect(r.body).toEqual(asleep);
      expect(w.model.requests).toHaveLength(1);
    },
  },
  {
    name: 'an object with empty keywords falls back to the query (no retry)',
    body: { query: ' tall tower in Paris ' },
    before: scripted({ seed: { json: { keywords: '  ', anchors: [] } } }),
    status: 200,
    exact: true,
    expect: (r, w) => {
      expect(r.body).toEqual({ keywords: 'tall tower in Paris', anchors: [] });
      expect(w.model.requests).toHaveLength(1);
    },
  },
  {
    name: 'reads JSON wrapped in a code fence and prose',
    before: scripted({ seed: { content: fenced({ keywords: 'fenced words', anchors: ['Rome'] }) } }),
    status: 200,
    exact: true,
    expect: { keywords: 'fenced words', anchors: ['Rome'] },
  },
  {
    name: 'model HTTP 500 → asleep, not retried',
    before: scripted({ seed: { status: 500 } }),
    status: 503,
    exact: true,
    expect: (r, w) => {
      expect(r.body).toEqual(asleep);
      expect(w.model.requests).toHaveLength(1);
    },
  },
  {
    name: 'a slow model past the timeout → asleep, logged at warn',
    before: scripted({ seed: { json: { keywords: 'late', anchors: [] }, delayMs: TIMEOUT_MS + 700 } }),
    status: 503,
    exact: true,
    expect: (r, w) => {
      expect(r.body).toEqual(asleep);
      expect(w.app.log.lines.some((line) => line.level === 'warn' && String(line.message).includes('genie asleep'))).toBe(true);
    },
  },
  {
    name: 'broken JSON → 400, no model call',
    rawBody: '{"query": "x"',
    status: 400,
    exact: true,
    expect: (r, w) => {
      expect(r.body).toEqual({ error: 'GENIE_MALFORMED_BODY' });
      noModelCall(r, w);
    },
  },
  { name: 'no query → 400', body: {}, status: 400, exact: true, expect: { error: 'GENIE_QUERY_REQUIRED' } },
  { name: 'a blank query → 400', body: { query: '   ' }, status: 400, exact: true, expect: { error: 'GENIE_QUERY_REQUIRED' } },
  {
    name: 'a 201-character query is refused, never truncated',
    body: { query: 'q'.repeat(201) },
    status: 400,
    exact: true,
    expect: (r, w) => {
      expect(r.body).toEqual({ error: 'GENIE_QUERY_TOO_LONG' });
      noModelCall(r, w);
    },
  },
  { name: 'no session cookie → 401', as: 'anonymous', status: 401, exact: true, expect: { error: 'UNAUTHORIZED' } },
  { name: 'a valid token naming an unknown player → 404', as: 'ghost', status: 404, exact: true, expect: { error: 'PLAYER_NOT_FOUND' } },
  {
    name: 'the 21st genie call within a minute → 429 (seeds and turns share one bucket)',
    before: async (w) => {
      // Invalid bodies still spend quota: the limiter runs before validation.
      const calls: [string, unknown][] = [...Array(10).fill([SEEDS, {}]), ...Array(10).fill([TURNS, {}])];
      expect(await repeatCalls(w.app, w.alice, calls)).toEqual(Array(20).fill(400));
    },
    status: 429,
    exact: true,
    expect: (r, w) => {
      expect(r.body).toEqual({ error: 'GENIE_RATE_LIMITED' });
      expect(r.headers.get('retry-after')).toBe('60');
      noModelCall(r, w);
    },
  },
  {
    name: 'the quota comes back after 60 seconds',
    before: async (w) => {
      await repeatCalls(w.app, w.alice, Array(20).fill([SEEDS, {}]));
      expect((await w.app.call('POST', SEEDS, { body: {}, as: w.alice })).status).toBe(429);
      w.app.clock.advance(60_001);
      w.model.script.seed = { json: { keywords: 'again', anchors: [] } };
    },
    status: 200,
    expect: { keywords: 'again' },
  },
  {
    name: 'the limit survives a restart (a new app on the same database file)',
    before: async (w) => {
      const earlier = await w.app.restart();
      try {
        expect(await repeatCalls(earlier, w.alice, Array(20).fill([SEEDS, {}]))).toEqual(Array(20).fill(400));
      } finally {
        await earlier.close();
      }
    },
    status: 429,
    exact: true,
    expect: { error: 'GENIE_RATE_LIMITED' },
  },
  {
    name: 'unbound deployment → 503 before the limiter: 25 sleeping calls spend no quota',
    deployment: 'unbound',
    before: async (w) => {
      expect(await repeatCalls(w.app, w.alice, Array(24).fill([SEEDS, { query: 'x' }]))).toEqual(Array(24).fill(503));
    },
    status: 503,
    exact: true,
    expect: async (r, w) => {
      expect(r.body).toEqual(asleep);
      // Bind a model to the same store: the player still has the whole budget.
      w.model.script.seed = { json: { keywords: 'awake', anchors: [] } };
      const awake = await createTestApp({ database: w.app.database, upstream: { languageModel: languageModelFor('bound') } });
      try {
        expect(await repeatCalls(awake, w.alice, Array(20).fill([SEEDS, { query: 'x' }]))).toEqual(Array(20).fill(200));
      } finally {
        await awake.close();
      }
    },
  },
  {
    name: 'sends the API key as a bearer token and never logs it, even when the model refuses it',
    deployment: 'keyed',
    before: (w) => {
      w.model.apiKey = 'a-different-key';
      w.model.script.seed = { json: { keywords: 'k', anchors: [] } };
    },
    status: 503,
    exact: true,
    expect: (r, w) => {
      expect(r.body).toEqual(asleep);
      expect(w.model.requests[0].headers.authorization).toBe(`Bearer ${API_KEY}`);
      expect(w.app.log.lines.some((line) => line.level === 'warn')).toBe(true);
      expect(JSON.stringify(w.app.log.lines)).not.toContain(API_KEY);
    },
  },
]);

const turnRows = postingTo(TURNS, { body: turn() }, [
  {
    name: 'a usable answer comes back as the response',
    before: scripted({ turn: { json: reply() } }),
    status: 200,
    exact: true,
    expect: reply(),
  },
  {
    name: 'the prompt: turn system prompt, query, numbered history with unsure rendered, candidate lines, mood word',
    body: turn({ history: [...history, { question: 'Is it animated?', answer: 'unsure' }] }),
    before: scripted({ turn: { json: reply() } }),
    status: 200,
    expect: (_r, w) => {
      expect(w.model.requests).toHaveLength(1);
      const messages = w.model.requests[0].body.messages!;
      expect(messages[0]).toEqual({ role: 'system', content: TURN_SYSTEM_PROMPT });
      const user = messages[1].content;
      expect(user).toContain('a film about astronauts');
      expect(user).toContain('1. Q: Is it set in space? A: Yes');
      expect(user).toContain('2. Q: Is it animated? A: the player did not know');
      expect(user).toContain('3. Apollo 13 (film) — 1995 film directed by Ron Howard');
      expect(user).toMatch(/^11\. The Martian \(film\)$/m);
      expect(user).toContain('a handful');
    },
  },
  {
    name: 'ids not offered are dropped, duplicates collapse',
    before: scripted({ turn: { json: reply({ keep: [7, 42, 7, 'x', 1.5, -3] }) } }),
    status: 200,
    expect: { keep: [7] },
  },
  {
    name: 'an emptied keep restores the previous set',
    before: scripted({ turn: { json: reply({ keep: [] }) } }),
    status: 200,
    expect: { keep: ids },
  },
  {
    name: 'a keep of only ids never offered restores the previous set',
    before: scripted({ turn: { json: reply({ keep: [100, 200] }) } }),
    status: 200,
    expect: { keep: ids },
  },
  {
    name: 'a preference question keeps every id in request order',
    before: scripted({ turn: { json: reply({ kind: 'preference', keep: [11] }) } }),
    status: 200,
    expect: { kind: 'preference', keep: ids },
  },
  {
    name: 'after an unsure answer every id survives',
    body: turn({ history: [{ question: 'Is it set in space?', answer: ' Unsure ' }] }),
    before: scripted({ turn: { json: reply({ keep: [7] }) } }),
    status: 200,
    expect: { keep: ids },
  },
  {
    name: 'the opening turn (empty history) keeps every id',
    body: turn({ history: [] }),
    before: scripted({ turn: { json: reply({ keep: [3] }) } }),
    status: 200,
    expect: { keep: ids },
  },
  {
    name: 'defaults: options Yes/No, kind filter, question from utterance, done only if literally true',
    before: scripted({ turn: { json: { utterance: 'Does it star a famous actor?', keep: [3, 7], options: [], kind: 'guess', done: 'true' } } }),
    status: 200,
    exact: true,
    expect: { utterance: 'Does it star a famous actor?', question: 'Does it star a famous actor?', keep: [3, 7], options: ['Yes', 'No'], kind: 'filter', done: false },
  },
  {
    name: 'JSON in a code fence with prose is read',
    before: scripted({ turn: { content: fenced(reply({ keep: [3] })) } }),
    status: 200,
    expect: { keep: [3], question: 'Was it made this century?' },
  },
  {
    name: 'garbage, then a valid retry → the retry answer; the retry carries the bad reply and a correction',
    before: scripted({ turn: { content: 'Hmm, let me think about that' }, retry: { json: reply({ keep: [11] }) } }),
    status: 200,
    expect: (r, w) => {
      expect(r.body).toMatchObject({ keep: [11], done: false });
      expect(w.model.requests.map((q) => q.call)).toEqual(['turn', 'retry']);
      const retry = w.model.requests[1].body.messages!;
      expect(retry).toHaveLength(4);
      expect(retry[2]).toEqual({ role: 'assistant', content: 'Hmm, let me think about that' });
      expect(retry[3].role).toBe('user');
    },
  },
  {
    name: 'garbage twice → asleep',
    before: scripted({ turn: { content: '{"utterance": "oops' }, retry: { json: { question: 'no utterance, no keep' } } }),
    status: 503,
    exact: true,
    expect: (r, w) => {
      expect(r.body).toEqual(asleep);
      expect(w.model.requests).toHaveLength(2);
    },
  },
  {
    name: 'an answer cut by the output cap counts as unparseable and is retried',
    before: scripted({ turn: { json: reply({ keep: [3] }), finishReason: 'length' }, retry: { json: reply({ keep: [7] }) } }),
    status: 200,
    expect: (r, w) => {
      expect(r.body).toMatchObject({ keep: [7] });
      expect(w.model.requests).toHaveLength(2);
    },
  },
  {
    name: 'a repeated question earns one corrective retry; a new question comes back',
    before: scripted({ turn: { json: reply({ question: 'is it  SET in space' }) }, retry: { json: reply({ question: 'Is it a comedy?', utterance: 'Ha! Is it a comedy?' }) } }),
    status: 200,
    expect: (r, w) => {
      expect(r.body).toMatchObject({ question: 'Is it a comedy?', done: false });
      expect(w.model.requests.map((q) => q.call)).toEqual(['turn', 'retry']);
    },
  },
  {
    name: 'a second repeat forces done',
    before: scripted({ turn: { json: reply({ question: 'Is it set in space?' }) }, retry: { json: reply({ question: 'Is it set in space!', keep: [3] }) } }),
    status: 200,
    expect: { question: 'Is it set in space!', keep: [3], done: true },
  },
  {
    name: 'a repeat whose retry is garbage keeps the first answer and forces done',
    before: scripted({ turn: { json: reply({ question: 'Is it set in space?', keep: [7] }) }, retry: { content: 'nope' } }),
    status: 200,
    expect: { question: 'Is it set in space?', keep: [7], done: true },
  },
  {
    name: 'model HTTP 500 → asleep',
    before: scripted({ turn: { status: 500 } }),
    status: 503,
    exact: true,
    expect: (r, w) => {
      expect(r.body).toEqual(asleep);
      expect(w.model.requests).toHaveLength(1);
    },
  },
  {
    name: 'model quota exhausted (429) → asleep',
    before: scripted({ turn: { status: 429 } }),
    status: 503,
    exact: true,
    expect: asleep,
  },
  {
    name: 'a slow model past the timeout → asleep',
    before: scripted({ turn: { json: reply(), delayMs: TIMEOUT_MS + 700 } }),
    status: 503,
    exact: true,
    expect: asleep,
  },
  {
    name: 'a server refusing response_format gets the call again without it, and never again',
    before: (w) => {
      w.model.rejectResponseFormat = true;
      w.model.script.turn = { json: reply() };
    },
    status: 200,
    expect: async (r, w) => {
      expect(r.body).toMatchObject({ keep: [7, 11] });
      expect(w.model.requests.map((q) => q.body.response_format !== undefined)).toEqual([true, false]);
      expect((await w.app.call('POST', TURNS, { body: turn(), as: w.alice })).status).toBe(200);
      expect(w.model.requests.map((q) => q.body.response_format !== undefined)).toEqual([true, false, false]);
    },
  },
  { name: 'broken JSON → 400', rawBody: '{"query":', status: 400, exact: true, expect: { error: 'GENIE_MALFORMED_BODY' } },
  { name: 'a JSON array body → 400', body: [turn()], status: 400, exact: true, expect: { error: 'GENIE_MALFORMED_BODY' } },
  { name: 'a blank query → 400', body: turn({ query: ' ' }), status: 400, exact: true, expect: { error: 'GENIE_QUERY_REQUIRED' } },
  { name: 'a 201-character query → 400', body: turn({ query: 'q'.repeat(201) }), status: 400, exact: true, expect: { error: 'GENIE_QUERY_TOO_LONG' } },
  { name: 'no candidates → 400', body: turn({ candidates: [] }), status: 400, exact: true, expect: { error: 'GENIE_NO_CANDIDATES' } },
  {
    name: '41 candidates are refused, never truncated to 40',
    body: turn({ candidates: Array.from({ length: 41 }, (_, id) => ({ id, title: `T${id}` })) }),
    status: 400,
    exact: true,
    expect: (r, w) => {
      expect(r.body).toEqual({ error: 'GENIE_TOO_MANY_CANDIDATES' });
      noModelCall(r, w);
    },
  },
  { name: 'a candidate with a string id → 400', body: turn({ candidates: [{ id: '3', title: 'A' }] }), status: 400, exact: true, expect: { error: 'GENIE_MALFORMED_BODY' } },
  { name: 'a 301-character title → 400', body: turn({ candidates: [{ id: 1, title: 't'.repeat(301) }] }), status: 400, exact: true, expect: { error: 'GENIE_TEXT_TOO_LONG' } },
  {
    name: 'a 1,001-character description → 400',
    body: turn({ candidates: [{ id: 1, title: 'A', description: 'd'.repeat(1001) }] }),
    status: 400,
    exact: true,
    expect: { error: 'GENIE_TEXT_TOO_LONG' },
  },
  {
    name: 'two candidates with one id → 400',
    body: turn({ candidates: [{ id: 1, title: 'A' }, { id: 1, title: 'B' }] }),
    status: 400,
    exact: true,
    expect: { error: 'GENIE_DUPLICATE_CANDIDATE_ID' },
  },
  {
    name: '16 history entries → 400',
    body: turn({ history: Array.from({ length: 16 }, (_, i) => ({ question: `Q${i}?`, answer: 'Yes' })) }),
    status: 400,
    exact: true,
    expect: { error: 'GENIE_HISTORY_TOO_LONG' },
  },
  {
    name: 'a 2,001-character question in the history → 400',
    body: turn({ history: [{ question: 'q'.repeat(2001), answer: 'Yes' }] }),
    status: 400,
    exact: true,
    expect: { error: 'GENIE_TEXT_TOO_LONG' },
  },
  { name: 'an unknown bucket → 400', body: turn({ bucket: 'few' }), status: 400, exact: true, expect: { error: 'GENIE_INVALID_BUCKET' } },
  { name: 'no session cookie → 401', as: 'anonymous', status: 401, exact: true, expect: { error: 'UNAUTHORIZED' } },
  { name: 'a valid token naming an unknown player → 404', as: 'ghost', status: 404, exact: true, expect: { error: 'PLAYER_NOT_FOUND' } },
  {
    name: 'the 21st call within a minute → 429 without reaching the model',
    before: async (w) => {
      w.model.script.turn = { json: reply() };
      expect(await repeatCalls(w.app, w.alice, Array(20).fill([TURNS, turn()]))).toEqual(Array(20).fill(200));
    },
    status: 429,
    exact: true,
    expect: (r, w) => {
      expect(r.body).toEqual({ error: 'GENIE_RATE_LIMITED' });
      expect(w.model.requests).toHaveLength(20);
    },
  },
  {
    name: 'unbound deployment → 503 even for an invalid body',
    deployment: 'unbound',
    body: turn({ candidates: [] }),
    status: 503,
    exact: true,
    expect: asleep,
  },
]);

describe('POST /api/v1/me/genie-seeds', () => scenarioTablesByDeployment(DEPLOYMENTS, setupFor, seedRows));

/**
 * On PostgreSQL, each rate-limit write made 50 ms slower inside its transaction (a trigger), as
 * on a loaded server: requests at once then overlap, and collide, as they did across two busy
 * instances. Nothing to do on SQLite, whose writes take turns.
 */
async function slowRateLimitWrites(database: string): Promise<void> {
  if (!isDatabaseUrl(database)) return;
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  try {
    await client.query(`CREATE FUNCTION slow_hit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(0.05); RETURN NEW; END $$`);
    await client.query('CREATE TRIGGER slow_hits BEFORE INSERT ON rate_limit_hits FOR EACH ROW EXECUTE FUNCTION slow_hit()');
  } finally {
    await client.end();
  }
}

describe('POST /api/v1/me/genie-seeds, several at once from one player', () => {
  // six, as a player's taps and tabs once sent them; sixteen, twice as many as a conflict was once run
  it.each([6, 16])('%i at once are each answered: their rate-limit writes collide on PostgreSQL and are run again, never refused as DATABASE_BUSY', async (n) => {
    model.reset();
    model.script = { seed: { json: { keywords: 'astronaut film', anchors: ['NASA'] } } };
    // a patient model: the requests wait their turns at the database, not at the model
    const languageModel = createLanguageModelClient(parseConfig({ languageModel: { baseUrl: model.url, model: 'test-model' } }), { timeoutMs: 10_000 });
    const { app, alice } = await createCallerWorld({ upstream: { languageModel }, poolSize: n });
    await slowRateLimitWrites(app.database);
    try {
      const answers = await Promise.all(Array.from({ length: n }, () => app.call('POST', SEEDS, { as: alice, body: { query: 'a film about astronauts' } })));
      expect(answers.map((answer) => `${answer.status} ${answer.body?.error ?? ''}`.trim())).toEqual(Array(n).fill('200'));
    } finally {
      await app.close();
    }
  });
});

describe('POST /api/v1/me/genie-turns', () => scenarioTablesByDeployment(DEPLOYMENTS, setupFor, turnRows));
