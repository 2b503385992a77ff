/** Elysia's parser answers a broken body with its own 400 and builds a web stream; this reads node's message buffered, within the route's limit. */
import type { IncomingMessage } from 'node:http';
import { type ErrorCode, Failure } from '../../domain/errors';

/** The password routes answer it as plain text (the spec's one exception). */
export class BodyTooLarge extends Error {
  constructor(readonly answerAs: 'json' | 'text' = 'json') {
    super('body too large');
    this.name = 'BodyTooLarge';
  }
}

export const DEFAULT_BODY_LIMIT_BYTES = 256 * 1024;

export function nodeMessageOf(request: Request): IncomingMessage | undefined {
  return (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
}

function readMessage(message: IncomingMessage, limitBytes: number, answerAs: 'json' | 'text'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (error?: Error) => {
      message.off('data', onData).off('end', onEnd).off('error', onError);
      if (error) reject(error);
      else resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limitBytes) {
        message.pause();
        done(new BodyTooLarge(answerAs));
      } else chunks.push(chunk);
    };
    const onEnd = () => done();
    const onError = (error: Error) => done(error);
    message.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

async function readWebBody(request: Request, limitBytes: number, answerAs: 'json' | 'text'): Promise<Buffer> {
  if (!request.body) return Buffer.alloc(0);
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
  return Buffer.concat(chunks);
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
  let bytes: Buffer;
  try {
    const message = nodeMessageOf(request);
    bytes = message ? await readMessage(message, limit, answerAs) : await readWebBody(request, limit, answerAs);
  } catch (error) {
    if (error instanceof BodyTooLarge) throw error;
    throw new Failure(rules.malformed, 'body could not be read');
  }
  const text = bytes.toString('utf8');
  if (text.trim() === '') throw new Failure(rules.malformed, 'empty body');
  try {
    return JSON.parse(text);
  } catch {
    throw new Failure(rules.malformed, 'not JSON');
  }
}
