/**
 * The pieces a route's options are made of, so that every route refuses a bad body or query
 * with the interface's constant instead of Elysia's own 400/422 answers.
 */
import type { z } from 'zod';
import type { Checked } from '../../domain/checked';
import { type ErrorCode, Failure } from '../../domain/errors';
import { namedCode, refusalCode } from './wire/refusal-code';
import { type JsonBodyRules, readJsonBody } from './request-body';
import { checked, heldBack } from './route-schemas';

/** What a route's checked query answers when Elysia refuses it, by request. */
const queryRefusals = new WeakMap<Request, ErrorCode>();

/** The constant a refusal of Elysia's (its `ValidationError` on `on`) answers for this request. */
export function refusalFor(request: Request, on: string, message: string | undefined): ErrorCode {
  const declared = on === 'query' ? queryRefusals.get(request) : undefined;
  return namedCode(message, declared ?? 'INVALID_REQUEST');
}

/** What a body transform sees of Elysia's context: the request, and the body it sets. */
interface BodyContext {
  request: Request;
  body: unknown;
}

/**
 * A JSON body checked against `schema`: not JSON answers `malformed`, a refused shape answers
 * `invalid` (or the constant its first issue names). Elysia is told there is no body to parse
 * (`parse: 'none'`): its own parsing asks for `request.body`, which on Node builds a web stream
 * per request (bench/README.md, the read path); the transform reads node's message buffered
 * instead and checks the schema itself, before any hook that could act on the body.
 */
export function jsonBody<S extends z.ZodType>(schema: S, rules: JsonBodyRules & { invalid: ErrorCode }) {
  return {
    parse: 'none' as const,
    transform: async (c: BodyContext) => {
      const value = await readJsonBody(c.request, rules);
      const result = schema.safeParse(value);
      if (!result.success) throw new Failure(refusalCode(result.error.issues, rules.invalid));
      c.body = result.data;
    },
    body: checked(schema),
  };
}

/** A query Elysia checks against `schema`; a refusal answers `invalid` unless its issue names a constant. */
export function checkedQuery<S extends z.ZodType>(schema: S, invalid: ErrorCode = 'INVALID_REQUEST') {
  return {
    transform: ({ request }: { request: Request }) => void queryRefusals.set(request, invalid),
    query: checked(schema),
  };
}

/** A body that could not be read, kept for the handler to refuse in the interface's order. */
class Unreadable {
  constructor(readonly error: unknown) {}
}

/**
 * A JSON body the handler judges itself (`judged`), after the checks the interface puts
 * first. With `malformedFirst`, a body that is not JSON is still refused before the handler.
 */
export function heldBackBody<S extends z.ZodType>(schema: S, rules: JsonBodyRules & { malformedFirst?: true }) {
  return {
    parse: 'none' as const,
    transform: async (c: BodyContext) => {
      try {
        c.body = await readJsonBody(c.request, rules);
      } catch (error) {
        if (rules.malformedFirst) throw error;
        c.body = new Unreadable(error);
      }
    },
    body: heldBack(schema),
  };
}

/** A held-back body checked now: the value, or the refusal for the service to raise in its turn. */
export function judged<S extends z.ZodType>(schema: S, body: unknown, invalid: ErrorCode): Checked<z.output<S>> {
  if (body instanceof Unreadable) return { ok: false, error: body.error };
  try {
    const result = schema.safeParse(body);
    if (result.success) return { ok: true, value: result.data };
    return { ok: false, error: new Failure(refusalCode(result.error.issues, invalid)) };
  } catch (error) {
    return { ok: false, error };
  }
}
