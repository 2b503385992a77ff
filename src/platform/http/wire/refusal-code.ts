import type { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '../../../domain/errors';

/** The constant a refusal answers: `message` when it names one of the catalogue's, else `fallback`. */
export function namedCode(message: string | undefined, fallback: ErrorCode): ErrorCode {
  return message !== undefined && Object.hasOwn(ERROR_STATUS, message) ? (message as ErrorCode) : fallback;
}

export function refusalCode(issues: readonly z.core.$ZodIssue[], fallback: ErrorCode): ErrorCode {
  return namedCode(issues[0]?.message, fallback);
}
