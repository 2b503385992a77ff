import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { correctTurnReply, extractJsonObject, normalizeQuestion, parseSeedReply, parseTurnReply, repeatsHistory, turnUserMessage } from '../../src/domain/genie';
import { refusalCode } from '../../src/platform/http/wire/refusal-code';
import { GenieSeedRequestSchema, type GenieTurnRequest, GenieTurnRequestSchema } from '../../src/features/genie/wire';

/** The constant the genie routes answer for `body`, as the route kit reads the schema's refusal. */
function refusalOf(schema: z.ZodType, body: unknown): string | undefined {
  const result = schema.safeParse(body);
  return result.success ? undefined : refusalCode(result.error.issues, 'GENIE_MALFORMED_BODY');
}
const validateSeedRequest = (body: unknown) => GenieSeedRequestSchema.parse(body);
const validateTurnRequest = (body: unknown) => GenieTurnRequestSchema.parse(body);

const candidates = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i, title: `Article ${i}`, description: `Description ${i}` }));
const valid = () => ({ query: 'a film about a rocket', history: [], candidates: candidates(3), bucket: 'vast' });

describe('seed request (§10.1)', () => {
  it.each([
    ['not an object', [1], 'GENIE_MALFORMED_BODY'],
    ['no query', {}, 'GENIE_QUERY_REQUIRED'],
    ['a blank query', { query: '   ' }, 'GENIE_QUERY_REQUIRED'],
    ['a number query', { query: 7 }, 'GENIE_MALFORMED_BODY'],
    ['201 characters', { query: 'x'.repeat(201) }, 'GENIE_QUERY_TOO_LONG'],
  ])('%s → %s', (_name, body, code) => {
    expect(refusalOf(GenieSeedRequestSchema, body)).toBe(code);
  });

  it('trims the query and counts 200 characters after trimming as fine', () => {
    expect(validateSeedRequest({ query: `  ${'x'.repeat(200)}  ` }).query).toBe('x'.repeat(200));
  });

  it('counts an emoji as one character', () => {
    expect(validateSeedRequest({ query: '🚀'.repeat(200) }).query).toHaveLength(400);
  });
});

describe('turn request (§10.3), in rule order', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['query missing', { query: undefined }, 'GENIE_QUERY_REQUIRED'],
    ['query too long', { query: 'q'.repeat(201) }, 'GENIE_QUERY_TOO_LONG'],
    ['no candidates key', { candidates: undefined }, 'GENIE_NO_CANDIDATES'],
    ['empty candidates', { candidates: [] }, 'GENIE_NO_CANDIDATES'],
    ['41 candidates', { candidates: candidates(41) }, 'GENIE_TOO_MANY_CANDIDATES'],
    ['candidates not an array', { candidates: { 0: 'x' } }, 'GENIE_MALFORMED_BODY'],
    ['non-integer id', { candidates: [{ id: 1.5, title: 'A' }] }, 'GENIE_MALFORMED_BODY'],
    ['string id', { candidates: [{ id: '1', title: 'A' }] }, 'GENIE_MALFORMED_BODY'],
    ['missing title', { candidates: [{ id: 1 }] }, 'GENIE_MALFORMED_BODY'],
    ['numeric description', { candidates: [{ id: 1, title: 'A', description: 3 }] }, 'GENIE_MALFORMED_BODY'],
    ['title of 301', { candidates: [{ id: 1, title: 't'.repeat(301) }] }, 'GENIE_TEXT_TOO_LONG'],
    ['description of 1001', { candidates: [{ id: 1, title: 'A', description: 'd'.repeat(1001) }] }, 'GENIE_TEXT_TOO_LONG'],
    ['duplicate ids', { candidates: [{ id: 1, title: 'A' }, { id: 1, title: 'B' }] }, 'GENIE_DUPLICATE_CANDIDATE_ID'],
    ['history not an array', { history: 'none' }, 'GENIE_MALFORMED_BODY'],
    ['16 history entries', { history: Array.from({ length: 16 }, (_, i) => ({ question: `Q${i}?`, answer: 'yes' })) }, 'GENIE_HISTORY_TOO_LONG'],
    ['history entry without answer', { history: [{ question: 'Q?' }] }, 'GENIE_MALFORMED_BODY'],
    ['question of 2001', { history: [{ question: 'q'.repeat(2001), answer: 'yes' }] }, 'GENIE_TEXT_TOO_LONG'],
    ['answer of 501', { history: [{ question: 'Q?', answer: 'a'.repeat(501) }] }, 'GENIE_TEXT_TOO_LONG'],
    ['unknown bucket', { bucket: 'lots' }, 'GENIE_INVALID_BUCKET'],
    ['bucket in capitals', { bucket: 'Vast' }, 'GENIE_INVALID_BUCKET'],
    ['missing bucket', { bucket: undefined }, 'GENIE_INVALID_BUCKET'],
  ];
  it.each(cases)('%s → %s', (_name, patch, code) => {
    expect(refusalOf(GenieTurnRequestSchema, { ...valid(), ...patch })).toBe(code);
  });

  it('reports the earliest rule when several are broken', () => {
    expect(refusalOf(GenieTurnRequestSchema, { query: '', candidates: [], bucket: 'nope' })).toBe('GENIE_QUERY_REQUIRED');
    expect(refusalOf(GenieTurnRequestSchema, { ...valid(), candidates: candidates(41), bucket: 'nope' })).toBe('GENIE_TOO_MANY_CANDIDATES');
    expect(
      refusalOf(GenieTurnRequestSchema, { ...valid(), candidates: [{ id: 1, title: 't'.repeat(301) }, { id: 1, title: 'B' }] }),
    ).toBe('GENIE_TEXT_TOO_LONG');
    // every entry's shape is checked before any entry's length
    expect(refusalOf(GenieTurnRequestSchema, { ...valid(), candidates: [{ id: 1, title: 't'.repeat(301) }, { id: 2 }] })).toBe('GENIE_MALFORMED_BODY');
    expect(
      refusalOf(GenieTurnRequestSchema, { ...valid(), history: [{ question: 'q'.repeat(2001), answer: 'yes' }, { question: 'Q?' }] }),
    ).toBe('GENIE_MALFORMED_BODY');
    expect(refusalOf(GenieTurnRequestSchema, { ...valid(), history: [{ question: 'q'.repeat(2001), answer: 'yes' }], bucket: 'nope' })).toBe('GENIE_TEXT_TOO_LONG');
  });

  it('accepts the limits exactly, a missing history, and a null description', () => {
    const request = validateTurnRequest({
      query: 'q'.repeat(200),
      candidates: [...candidates(39), { id: 99, title: 't'.repeat(300), description: null }],
      bucket: 'a dozen or so',
    });
    expect(request.candidates).toHaveLength(40);
    expect(request.candidates[39]).toEqual({ id: 99, title: 't'.repeat(300) });
    expect(request.history).toEqual([]);
    const full = validateTurnRequest({
      ...valid(),
      history: Array.from({ length: 15 }, () => ({ question: 'q'.repeat(2000), answer: 'a'.repeat(500) })),
    });
    expect(full.history).toHaveLength(15);
  });
});

describe('turn prompt (§10.3 user message)', () => {
  it('numbers the history, renders unsure, and lists candidates with and without descriptions', () => {
    const text = turnUserMessage({
      query: 'that film',
      history: [
        { question: 'Is it a person?', answer: 'No' },
        { question: 'Is it from before 1950?', answer: ' Unsure ' },
      ],
      candidates: [
        { id: 4, title: 'Apollo 13 (film)', description: '1995 film by Ron Howard' },
        { id: 9, title: 'Gravity' },
      ],
      bucket: 'a handful',
    });
    expect(text).toContain('that film');
    expect(text).toContain('1. Q: Is it a person? A: No');
    expect(text).toContain('2. Q: Is it from before 1950? A: the player did not know');
    expect(text).not.toContain('Unsure');
    expect(text).toContain('4. Apollo 13 (film) — 1995 film by Ron Howard');
    expect(text).toMatch(/^9\. Gravity$/m);
    expect(text).toContain('a handful');
  });

  it('says so when nothing has been asked yet', () => {
    expect(turnUserMessage({ ...valid(), history: [] } as GenieTurnRequest)).toContain('nothing yet, opening question');
  });
});

describe('reply extraction', () => {
  it.each([
    ['bare object', '{"a":1}', { a: 1 }],
    ['code fence and prose', 'Sure!\n```json\n{"a":1}\n```\nBye', { a: 1 }],
    ['nested braces', 'x {"a":{"b":2}} y', { a: { b: 2 } }],
    ['no braces', 'I cannot help with that', null],
    ['broken JSON', '{"a":', null],
    ['an array', '[1,2]', null],
  ])('%s', (_name, text, expected) => {
    expect(extractJsonObject(text)).toEqual(expected);
  });
});

describe('seed reply (§10.1)', () => {
  it('keeps trimmed keywords and the first three non-empty anchors', () => {
    expect(parseSeedReply('{"keywords":"  nasa mathematician ","anchors":[" NASA ", "", 3, "Apollo 11", "Hidden Figures", "Katherine Johnson"]}', 'q')).toEqual({
      keywords: 'nasa mathematician',
      anchors: ['NASA', 'Apollo 11', 'Hidden Figures'],
    });
  });

  it('falls back to the query when the keywords are empty', () => {
    expect(parseSeedReply('{"keywords":"  ","anchors":"x"}', ' the query ')).toEqual({ keywords: 'the query', anchors: [] });
  });

  it('answers null (a model failure) when the reply holds no JSON object', () => {
    expect(parseSeedReply('zzz', 'the query')).toBeNull();
    expect(parseSeedReply('["a list"]', 'the query')).toBeNull();
    expect(parseSeedReply('{"keywords": "cut off', 'the query')).toBeNull();
  });
});

describe('turn reply (§10.3 rule 1)', () => {
  it('is unusable without a non-empty utterance or a keep array', () => {
    expect(parseTurnReply('{"keep":[1]}')).toBeNull();
    expect(parseTurnReply('{"utterance":"  ","keep":[1]}')).toBeNull();
    expect(parseTurnReply('{"utterance":"Hi?","keep":"1"}')).toBeNull();
    expect(parseTurnReply('not json')).toBeNull();
  });

  it('fills the defaults and drops what is not of the right type', () => {
    expect(parseTurnReply('{"utterance":"Ooh, is it alive?","keep":[1,"2",2.5,3],"options":["Yes","",4,"No"],"kind":"sorting","done":"true"}')).toEqual({
      utterance: 'Ooh, is it alive?',
      question: 'Ooh, is it alive?',
      keep: [1, 3],
      options: ['Yes', 'No'],
      kind: 'filter',
      done: false,
    });
  });

  it('keeps a preference kind, a literal true done and its own question', () => {
    expect(parseTurnReply('{"utterance":"Lovely!","question":"Older first?","keep":[],"kind":"preference","done":true}')).toMatchObject({
      question: 'Older first?',
      kind: 'preference',
      done: true,
    });
  });
});

describe('repeated questions', () => {
  it('compares lowercased, with whitespace collapsed and trailing ?!. removed', () => {
    expect(normalizeQuestion('  Is  it\ta PERSON?!. ')).toBe('is it a person');
    expect(repeatsHistory('is it a   person', [{ question: 'Is it a person?', answer: 'no' }])).toBe(true);
    expect(repeatsHistory('Is it a place?', [{ question: 'Is it a person?', answer: 'no' }])).toBe(false);
  });
});

describe('corrections (§10.3 rules 3 and 4)', () => {
  const request = (history: { question: string; answer: string }[]): GenieTurnRequest => ({
    query: 'q',
    history,
    candidates: [{ id: 5, title: 'E' }, { id: 2, title: 'B' }, { id: 9, title: 'I' }],
    bucket: 'almost there',
  });
  const reply = (patch: Partial<Parameters<typeof correctTurnReply>[0]>) => ({
    utterance: 'U',
    question: 'Q?',
    keep: [9, 2],
    options: ['A', 'B'],
    kind: 'filter' as const,
    done: false,
    ...patch,
  });
  const asked = [{ question: 'Is it big?', answer: 'yes' }];

  it('keeps the surviving ids, deduplicated, without ids that were not offered', () => {
    expect(correctTurnReply(reply({ keep: [9, 9, 77, 2, -1] }), request(asked)).keep).toEqual([9, 2]);
  });

  it.each([
    ['a preference question', reply({ kind: 'preference', keep: [9] }), asked],
    ['the opening turn', reply({ keep: [9] }), []],
    ['an unsure answer', reply({ keep: [9] }), [{ question: 'Is it big?', answer: '  UNSURE ' }]],
    ['an emptied keep', reply({ keep: [] }), asked],
    ['a keep of only unknown ids', reply({ keep: [40, 41] }), asked],
  ])('%s keeps every id in request order', (_name, r, history) => {
    expect(correctTurnReply(r, request(history)).keep).toEqual([5, 2, 9]);
  });

  it('only an unsure LAST answer keeps everything', () => {
    const history = [
      { question: 'Is it big?', answer: 'unsure' },
      { question: 'Is it red?', answer: 'no' },
    ];
    expect(correctTurnReply(reply({ keep: [9] }), request(history)).keep).toEqual([9]);
  });

  it('offers Yes/No when the model gave no options, and forces done when told', () => {
    const answer = correctTurnReply(reply({ options: [] }), request(asked), true);
    expect(answer.options).toEqual(['Yes', 'No']);
    expect(answer.done).toBe(true);
  });
});
