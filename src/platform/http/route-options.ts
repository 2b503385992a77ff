/** So every route refuses a bad body or query with the interface's constant instead of Elysia's own 400/422. */
import type { z } from 'zod';
import type { Checked } from '../../domain/checked';
import { type ErrorCode, Failure } from '../../domain/errors';
import { namedCode, refusalCode } from './wire/refusal-code';
import { type JsonBodyRules, readJsonBody } from './request-body';
import { checked, heldBack } from './route-schemas';

const queryRefusals = new WeakMap<Request, ErrorCode>();

/** The constant a refusal of Elysia's (its `ValidationError` on `on`) answers for this request. */
export function refusalFor(request: Request, on: string, message: string | undefined): ErrorCode {
  const declared = on === 'query' ? queryRefusals.get(request) : undefined;
  return namedCode(message, declared ?? 'INVALID_REQUEST');
}

interface BodyContext {
  request: Request;
  body: unknown;
}

/** With `parse: 'none'` Elysia neither reads nor checks the body (`body` only documents it): the transform reads it within the route's limit and names each refusal by the route's constants. */
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

/** A refusal answers `invalid` unless its issue names a constant. */
export function checkedQuery<S extends z.ZodType>(schema: S, invalid: ErrorCode = 'INVALID_REQUEST') {
  return {
    transform: ({ request }: { request: Request }) => void queryRefusals.set(request, invalid),
    query: checked(schema),
  };
}

/** Kept for the handler to refuse in the interface's order. */
class Unreadable {
  constructor(readonly error: unknown) {}
}

/** Judged by the handler after the checks the interface puts first; with `malformedFirst`, non-JSON is refused before. */
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
