/** A JSON body within the route's limit, its faults named by the route's constants: Elysia's parser has no limit on Node and answers a broken body with its own 400. */
import { type ErrorCode, Failure } from '../../domain/errors';

/** The password routes answer it as plain text (the spec's one exception). */
export class BodyTooLarge extends Error {
  constructor(readonly answerAs: 'json' | 'text' = 'json') {
    super('body too large');
    this.name = 'BodyTooLarge';
  }
}

export const DEFAULT_BODY_LIMIT_BYTES = 256 * 1024;

/** No route reads more: the listener's requests stop buffering past it, so a body sent without a length is bounded too. */
export const LARGEST_BODY_BYTES = 4 * 1_048_576;

/** srvx's error when a body passes the listener's bound. */
function passedListenerBound(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ERR_BODY_TOO_LARGE';
}

export interface JsonBodyRules {
  malformed: ErrorCode;
  limitBytes?: number;
  /** the password routes answer an oversized body as plain text */
  tooLargeAs?: 'json' | 'text';
}

export async function readJsonBody(request: Request, rules: JsonBodyRules): Promise<unknown> {
  const limit = rules.limitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const answerAs = rules.tooLargeAs ?? 'json';
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge(answerAs);
  let text: string;
  try {
    // srvx reads its Node message buffered here, where `request.body` would build a web stream
    text = await request.text();
  } catch (error) {
    if (passedListenerBound(error)) throw new BodyTooLarge(answerAs);
    throw new Failure(rules.malformed, 'body could not be read');
  }
  if (Buffer.byteLength(text) > limit) throw new BodyTooLarge(answerAs);
  if (text.trim() === '') throw new Failure(rules.malformed, 'empty body');
  try {
    return JSON.parse(text);
  } catch {
    throw new Failure(rules.malformed, 'not JSON');
  }
}
