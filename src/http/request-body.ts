import type { HttpRequest } from './http-request';
import { type ErrorCode, fail } from '../domain/errors';

/** A body over its route's limit. The password routes answer it as plain text (the spec's one exception). */
export class BodyTooLarge extends Error {
  constructor(readonly answerAs: 'json' | 'text' = 'json') {
    super('body too large');
    this.name = 'BodyTooLarge';
  }
}

/** Enough for the largest legitimate player request (a full genie turn is under 100 KB). */
const DEFAULT_BODY_LIMIT_BYTES = 256 * 1024;

/**
 * Reads the raw body as text, refusing to buffer more than `limitBytes` (checked on the
 * declared Content-Length first, then on what actually arrives).
 */
export async function readBodyText(request: HttpRequest, limitBytes = DEFAULT_BODY_LIMIT_BYTES, answerAs: 'json' | 'text' = 'json'): Promise<string> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limitBytes) throw new BodyTooLarge(answerAs);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLarge(answerAs);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Parses a JSON body; anything that is not JSON answers 400 with the route's own constant.
 * Only the route kit calls this: nothing else reads (or can crash on) a body first.
 */
export async function readJsonBody(
  request: HttpRequest,
  malformed: ErrorCode,
  limitBytes?: number,
  tooLargeAs: 'json' | 'text' = 'json',
): Promise<unknown> {
  let text: string;
  try {
    text = await readBodyText(request, limitBytes, tooLargeAs);
  } catch (error) {
    if (error instanceof BodyTooLarge) throw error;
    fail(malformed, 'body could not be read');
  }
  if (text.trim() === '') fail(malformed, 'empty body');
  try {
    return JSON.parse(text);
  } catch {
    fail(malformed, 'not JSON');
  }
}

export { isPlainObject } from '../domain/values';
