/** Article Genie rules (game-rules.md): the prompt, reading the model's reply, and the corrections that keep the model honest. */
import type { GenieExchange, GenieSeeds, GenieTurnRequest, GenieTurnResponse } from '../features/genie/wire';
import { GENIE_LIMITS } from './genie-limits';
import { isPlainObject } from './values';

const DEFAULT_OPTIONS = ['Yes', 'No'] as const;

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

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

/** The corrective user messages of the one retry (rule 2). */
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

// Reading replies

/** The whole reply if it is `{…}`, else from the first `{` to the last `}`; null if no object. */
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

/** Null when the reply holds no JSON object (the genie sleeps); empty keywords fall back to the player's query. */
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

/** Rule 1: null when the reply is unusable; correctTurnReply then checks it against the request. */
export function parseTurnReply(reply: string): GenieTurnResponse | null {
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

/** Rules 3 and 4. `forceDone` is set when the model repeated a question even after being told not to. */
export function correctTurnReply(reply: GenieTurnResponse, request: GenieTurnRequest, forceDone = false): GenieTurnResponse {
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
