/**
 * Domain rules throw `Failure`; unit tests compare the constant a call fails with.
 */
import { Failure } from '../../src/domain/errors';

/** The Failure constant `work` throws, or undefined when it succeeds; any other error propagates. */
export function failureCodeOf(work: () => unknown): string | undefined {
  try {
    work();
  } catch (error) {
    if (error instanceof Failure) return error.code;
    throw error;
  }
  return undefined;
}
