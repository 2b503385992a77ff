/**
 * The pieces a route's options are made of, so that every route refuses a bad body or query
 * with the interface's constant instead of Elysia's own 400/422 answers.
 */
import type { z } from 'zod';
import type { Checked } from '../domain/checked';
import { type ErrorCode, Failure } from '../domain/errors';
import { namedCode, refusalCode } from '../wire/refusal-code';
import { type JsonBodyRules, readJsonBody } from './request-body';
import { checked, heldBack } from './route-schemas';

/** What a route's checked body and query answer when Elysia refuses them, by request. */
interface Refusals {
  body?: ErrorCode;
  query?: ErrorCode;
}

const refusals = new WeakMap<Request, Refusals>();

/** The constant a refusal of Elysia's (its `ValidationError` on `on`) answers for this request. */
export function refusalFor(request: Request, on: string, message: string | undefined): ErrorCode {
  const declared = on === 'body' || on === 'query' ? refusals.get(request)?.[on] : undefined;
  return namedCode(message, declared ?? 'INVALID_REQUEST');
}

function declare(request: Request, on: keyof Refusals, code: ErrorCode): void {
  const known = refusals.get(request);
  if (known) known[on] = code;
  else refusals.set(request, { [on]: code });
}

/**
 * A JSON body Elysia checks against `schema`: not JSON answers `malformed`, a refused shape
 * answers `invalid` (or the constant its first issue names).
 */
export function jsonBody<S extends z.ZodType>(schema: S, rules: JsonBodyRules & { invalid: ErrorCode }) {
  return {
    parse: ({ request }: { request: Request }) => {
      declare(request, 'body', rules.invalid);
      return readJsonBody(request, rules);
    },
    body: checked(schema),
  };
}

/** A query Elysia checks against `schema`; a refusal answers `invalid` unless its issue names a constant. */
export function checkedQuery<S extends z.ZodType>(schema: S, invalid: ErrorCode = 'INVALID_REQUEST') {
  return {
    transform: ({ request }: { request: Request }) => declare(request, 'query', invalid),
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
    parse: async ({ request }: { request: Request }) => {
      try {
        return await readJsonBody(request, rules);
      } catch (error) {
        if (rules.malformedFirst) throw error;
        return new Unreadable(error);
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
