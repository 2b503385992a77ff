/**
 * Article Genie rules (game-rules §10): request validation, the prompt contract, reading the
 * model's reply, and the server-side corrections that keep the model honest. Pure: the model
 * call itself lives in services/genie-service.
 */
import { fail } from './errors';
import { characterCount, isPlainObject } from './values';

const GENIE_BUCKETS = ['vast', 'many', 'a dozen or so', 'a handful', 'almost there'] as const;
export type GenieBucket = (typeof GENIE_BUCKETS)[number];

const GENIE_LIMITS = {
  queryMax: 200,
  candidatesMax: 40,
  titleMax: 300,
  descriptionMax: 1_000,
  historyMax: 15,
  questionMax: 2_000,
  answerMax: 500,
  anchorsMax: 3,
} as const;

const DEFAULT_OPTIONS = ['Yes', 'No'] as const;

export interface GenieCandidate {
  id: number;
  title: string;
  description?: string;
}

export interface GenieExchange {
  question: string;
  answer: string;
}

export interface GenieTurnRequest {
  query: string;
  history: GenieExchange[];
  candidates: GenieCandidate[];
  bucket: GenieBucket;
}

export interface GenieSeeds {
  keywords: string;
  anchors: string[];
}

export type GenieKind = 'filter' | 'preference';

export interface GenieTurnAnswer {
  utterance: string;
  question: string;
  keep: number[];
  options: string[];
  kind: GenieKind;
  done: boolean;
}

/** One message of a chat with the language model (what the upstream client sends). */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

// ---------------------------------------------------------------------------------------------
// Validation

function validateQuery(body: Record<string, unknown>): string {
  const { query } = body;
  if (query === undefined || query === null) fail('GENIE_QUERY_REQUIRED');
  if (typeof query !== 'string') fail('GENIE_MALFORMED_BODY', 'query must be a string');
  const trimmed = query.trim();
  if (trimmed === '') fail('GENIE_QUERY_REQUIRED');
  if (characterCount(trimmed) > GENIE_LIMITS.queryMax) fail('GENIE_QUERY_TOO_LONG');
  return trimmed;
}

/** `POST /me/genie-seeds {query}` → the trimmed query (§10.1). */
export function validateSeedRequest(body: unknown): { query: string } {
  if (!isPlainObject(body)) fail('GENIE_MALFORMED_BODY', 'body must be an object');
  return { query: validateQuery(body) };
}

/**
 * `POST /me/genie-turns` (§10.3), checked in the order the rules list them so a request
 * with several faults always gets the same constant. Oversize is refused, never truncated.
 */
export function validateTurnRequest(body: unknown): GenieTurnRequest {
  if (!isPlainObject(body)) fail('GENIE_MALFORMED_BODY', 'body must be an object');
  const query = validateQuery(body);

  const rawCandidates = body.candidates;
  if (rawCandidates === undefined || rawCandidates === null) fail('GENIE_NO_CANDIDATES');
  if (!Array.isArray(rawCandidates)) fail('GENIE_MALFORMED_BODY', 'candidates must be an array');
  if (rawCandidates.length === 0) fail('GENIE_NO_CANDIDATES');
  if (rawCandidates.length > GENIE_LIMITS.candidatesMax) fail('GENIE_TOO_MANY_CANDIDATES');

  const candidates: GenieCandidate[] = rawCandidates.map((item) => {
    if (!isPlainObject(item)) fail('GENIE_MALFORMED_BODY', 'candidate must be an object');
    const { id, title, description } = item;
    if (typeof id !== 'number' || !Number.isSafeInteger(id)) fail('GENIE_MALFORMED_BODY', 'candidate id must be an integer');
    if (typeof title !== 'string') fail('GENIE_MALFORMED_BODY', 'candidate title must be a string');
    // The encyclopedia's search answers `description: null` for some pages; clients pass it on.
    if (description !== undefined && description !== null && typeof description !== 'string') {
      fail('GENIE_MALFORMED_BODY', 'candidate description must be a string');
    }
    return typeof description === 'string' ? { id, title, description } : { id, title };
  });
  for (const candidate of candidates) {
    if (characterCount(candidate.title) > GENIE_LIMITS.titleMax) fail('GENIE_TEXT_TOO_LONG');
    if (candidate.description !== undefined && characterCount(candidate.description) > GENIE_LIMITS.descriptionMax) {
      fail('GENIE_TEXT_TOO_LONG');
    }
  }
  if (new Set(candidates.map((c) => c.id)).size !== candidates.length) fail('GENIE_DUPLICATE_CANDIDATE_ID');

  // The opening turn has nothing to carry, so an absent history is an empty one.
  const rawHistory = body.history ?? [];
  if (!Array.isArray(rawHistory)) fail('GENIE_MALFORMED_BODY', 'history must be an array');
  if (rawHistory.length > GENIE_LIMITS.historyMax) fail('GENIE_HISTORY_TOO_LONG');
  const history: GenieExchange[] = rawHistory.map((item) => {
    if (!isPlainObject(item) || typeof item.question !== 'string' || typeof item.answer !== 'string') {
      fail('GENIE_MALFORMED_BODY', 'history entries are {question, answer} strings');
    }
    return { question: item.question, answer: item.answer };
  });
  for (const exchange of history) {
    if (characterCount(exchange.question) > GENIE_LIMITS.questionMax || characterCount(exchange.answer) > GENIE_LIMITS.answerMax) {
      fail('GENIE_TEXT_TOO_LONG');
    }
  }

  const bucket = body.bucket;
  if (typeof bucket !== 'string' || !(GENIE_BUCKETS as readonly string[]).includes(bucket)) fail('GENIE_INVALID_BUCKET');

  return { query, history, candidates, bucket: bucket as GenieBucket };
}

// ---------------------------------------------------------------------------------------------
// Prompts

export const SEED_SYSTEM_PROMPT = [
  'You turn a player\'s description of a Wikipedia article into search inputs for a fantasy game played on Wikipedia articles.',
  'Reply with one JSON object only, no prose and no code fence: {"keywords": string, "anchors": string[]}.',
  '"keywords": the words to search for, with filler words removed; never empty.',
  '"anchors": every article the player explicitly named as something the target relates to, spelled as the Wikipedia title; list all of them.',
  'If the player only describes the article (tip of the tongue) and names nothing to relate it to, "anchors" is empty: never put your own guess of the answer there.',
].join('\n');

export const TURN_SYSTEM_PROMPT = [
  'You are the Genie of a fantasy game played on Wikipedia articles, helping a player find the article they have in mind.',
  'Only the articles listed in the message exist. Never name, invent or suggest any other article.',
  'Refer to candidates only by their numeric id.',
  'Each turn ask exactly one short, warm, playful question of a single sentence.',
  'Never repeat a question already asked, nor its wording; if you have nothing new to ask, set "done" to true instead.',
  'Judge only from each title and description: many articles are newer than your knowledge.',
  'Never state or hint at how many candidates remain; weave the mood word into your words instead.',
  'There are two kinds of question. "filter" splits the list: use it only when every candidate\'s answer can be told from its title and description. "preference" only reorders and must keep every id; prefer it once the list is short.',
  'On the opening turn (no questions asked yet) keep every id.',
  'Reply with one JSON object only, no prose and no code fence:',
  '{"utterance": string (your one sentence, flavour plus the question), "question": string (the bare question), "keep": [ids that survive the player\'s last answer], "options": [2 to 4 short answer taps], "kind": "filter" or "preference", "done": boolean}.',
].join('\n');

/** The corrective user messages of the one retry (§10.3 rule 2). */
export const RETRY_NOT_JSON = 'That was not valid JSON. Reply with the JSON object only.';
export const RETRY_REPEATED = 'That question was already asked. Ask something new, or set "done" to true.';

export function seedMessages(query: string): ChatMessage[] {
  return [
    { role: 'system', content: SEED_SYSTEM_PROMPT },
    { role: 'user', content: query },
  ];
}

export function turnUserMessage(request: GenieTurnRequest): string {
  const history =
    request.history.length === 0
      ? 'nothing yet, opening question'
      : request.history
          .map((exchange, index) => {
            const answer = isUnsure(exchange.answer) ? 'the player did not know' : exchange.answer;
            return `${index + 1}. Q: ${exchange.question} A: ${answer}`;
          })
          .join('\n');
  const candidates = request.candidates
    .map((c) => (c.description ? `${c.id}. ${c.title} — ${c.description}` : `${c.id}. ${c.title}`))
    .join('\n');
  return [`Player's description: ${request.query}`, '', 'Asked so far:', history, '', 'Candidates:', candidates, '', `Mood: ${request.bucket}`].join(
    '\n',
  );
}

export function turnMessages(request: GenieTurnRequest): ChatMessage[] {
  return [
    { role: 'system', content: TURN_SYSTEM_PROMPT },
    { role: 'user', content: turnUserMessage(request) },
  ];
}

// ---------------------------------------------------------------------------------------------
// Reading replies

/** §10.1: the whole reply if it is `{…}`, else from the first `{` to the last `}`; null if no object. */
export function extractJsonObject(reply: string): Record<string, unknown> | null {
  const text = reply.trim();
  let candidate = text;
  if (!(text.startsWith('{') && text.endsWith('}'))) {
    const first = text.indexOf('{');
    const last = text.lastIndexOf('}');
    if (first < 0 || last <= first) return null;
    candidate = text.slice(first, last + 1);
  }
  try {
    const parsed: unknown = JSON.parse(candidate);
    return isPlainObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * §10.1 parsing: null when the reply holds no JSON object (a model failure: the genie sleeps,
 * game rules §10.1 and Genie rule 3); within an object, empty keywords fall back to the
 * player's own query and unusable anchors are dropped.
 */
export function parseSeedReply(reply: string, query: string): GenieSeeds | null {
  const object = extractJsonObject(reply);
  if (!object) return null;
  const keywords = typeof object.keywords === 'string' && object.keywords.trim() !== '' ? object.keywords.trim() : query.trim();
  const anchors = Array.isArray(object.anchors)
    ? object.anchors
        .filter((a): a is string => typeof a === 'string')
        .map((a) => a.trim())
        .filter((a) => a !== '')
        .slice(0, GENIE_LIMITS.anchorsMax)
    : [];
  return { keywords, anchors };
}

/** A reply that passed rule 1: the answer's shape, but not yet checked against the request. */
export type ParsedTurnReply = GenieTurnAnswer;

/** §10.3 rule 1: null when the reply is unusable (no object, no utterance, or no keep array). */
export function parseTurnReply(reply: string): ParsedTurnReply | null {
  const object = extractJsonObject(reply);
  if (!object) return null;
  if (typeof object.utterance !== 'string' || object.utterance.trim() === '') return null;
  if (!Array.isArray(object.keep)) return null;
  const utterance = object.utterance.trim();
  const question = typeof object.question === 'string' && object.question.trim() !== '' ? object.question.trim() : utterance;
  return {
    utterance,
    question,
    keep: object.keep.filter((id): id is number => typeof id === 'number' && Number.isInteger(id)),
    options: Array.isArray(object.options)
      ? object.options
          .filter((o): o is string => typeof o === 'string')
          .map((o) => o.trim())
          .filter((o) => o !== '')
      : [],
    kind: object.kind === 'preference' ? 'preference' : 'filter',
    done: object.done === true,
  };
}

/** The comparison form of a question: lowercased, whitespace collapsed, trailing `?!.` gone. */
export function normalizeQuestion(question: string): string {
  return question
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[?!.]+$/, '')
    .trim();
}

export function repeatsHistory(question: string, history: GenieExchange[]): boolean {
  const asked = normalizeQuestion(question);
  return history.some((exchange) => normalizeQuestion(exchange.question) === asked);
}

function isUnsure(answer: string): boolean {
  return answer.trim().toLowerCase() === 'unsure';
}

/**
 * §10.3 rules 3 and 4: the answer the player gets, whatever the model said. `forceDone` is
 * set by the caller when the model repeated a question even after being told not to.
 */
export function correctTurnReply(reply: ParsedTurnReply, request: GenieTurnRequest, forceDone = false): GenieTurnAnswer {
  const allIds = request.candidates.map((c) => c.id);
  const supplied = new Set(allIds);
  let keep = [...new Set(reply.keep)].filter((id) => supplied.has(id));
  const lastAnswer = request.history.at(-1)?.answer;
  const keepAll =
    reply.kind === 'preference' ||
    request.history.length === 0 ||
    (lastAnswer !== undefined && isUnsure(lastAnswer)) ||
    keep.length === 0;
  if (keepAll) keep = allIds;
  return {
    utterance: reply.utterance,
    question: reply.question,
    keep,
    options: reply.options.length > 0 ? reply.options : [...DEFAULT_OPTIONS],
    kind: reply.kind,
    done: forceDone || reply.done,
  };
}
