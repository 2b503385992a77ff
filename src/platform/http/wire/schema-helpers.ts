import { z } from 'zod';
import type { ErrorCode } from '../../../domain/errors';
import { isPlainObject } from '../../../domain/values';

/** Not an object reads as `{}`, so the first field's own constant answers, as for an object that lacks it. */
export function objectBody<S extends z.ZodObject>(shape: S) {
  return z.preprocess((value) => (isPlainObject(value) ? value : {}), shape);
}

function canonicalized<I, T>(base: z.ZodType<I>, code: ErrorCode, canonicalOf: (input: I) => T | null) {
  return base.transform((input, context): T => {
    const value = canonicalOf(input);
    if (value === null) {
      context.addIssue({ code: 'custom', message: code });
      return z.NEVER;
    }
    return value;
  });
}

/** A value a domain rule turns into its canonical form, refused with `code` when it cannot. */
export function canonical<T>(code: ErrorCode, canonicalOf: (input: unknown) => T | null) {
  return canonicalized(z.unknown(), code, canonicalOf);
}

export function canonicalString<T>(code: ErrorCode, canonicalOf: (text: string) => T | null) {
  return canonicalized(z.string({ error: code }), code, canonicalOf);
}

/** A query parameter that may repeat or be left out: always an array of its values. */
export const repeated = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

/** A repeated name counts by its first value, as URLSearchParams.get does. */
export const firstValue = z.union([z.string(), z.array(z.string())]).transform((value) => (Array.isArray(value) ? value[0] : value));
