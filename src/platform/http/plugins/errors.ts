/** The one mapping from anything thrown to the error shape; anything unnamed is a 500 whose details stay in the log under the request id. */
import { Elysia, NotFoundError, ParseError, ValidationError } from 'elysia';
import { ERROR_STATUS, type ErrorCode, Failure } from '../../../domain/errors';
import { errorFields, type Logger } from '../../log';
import { databaseFailure } from '../../db/database-errors';
import { BodyTooLarge } from '../request-body';
import { refusalFor } from '../route-options';
import { requestIdOf } from './request-log';

function answer(set: { status?: number | string; headers: Record<string, unknown> }, code: ErrorCode) {
  set.status = ERROR_STATUS[code];
  set.headers['content-type'] = 'application/json';
  return { error: code };
}

export function errorAnswers(log: Logger) {
  return new Elysia({ name: 'error-answers' }).onError({ as: 'global' }, ({ error: thrown, set, request }) => {
    // Elysia wraps what a parse hook throws in its own ParseError
    const unwrapped = thrown instanceof ParseError && thrown.cause !== undefined ? thrown.cause : thrown;
    // a read that lost its connection arrives as the driver threw it; a write is named by its transaction
    const error = databaseFailure(unwrapped) ?? unwrapped;
    const headers = set.headers as Record<string, unknown>;
    const target = { set: set as { status?: number | string; headers: Record<string, unknown> } };
    if (error instanceof Failure) {
      if (error.status >= 500) log.error('request failed', { requestId: requestIdOf(request), code: error.code, ...errorFields(error) });
      if (error.retryAfterSeconds) headers['retry-after'] = String(error.retryAfterSeconds);
      return answer(target.set, error.code);
    }
    if (error instanceof BodyTooLarge) {
      if (error.answerAs === 'json') return answer(target.set, 'PAYLOAD_TOO_LARGE');
      set.status = 413;
      headers['content-type'] = 'text/plain; charset=utf-8';
      return Buffer.from('Payload Too Large');
    }
    if (error instanceof NotFoundError) return answer(target.set, 'NOT_FOUND');
    // a route's own constants, declared with its body and query (route-options.ts)
    if (error instanceof ParseError) return answer(target.set, 'MALFORMED_JSON');
    if (error instanceof ValidationError) return answer(target.set, refusalFor(request, error.type, String(error.customError)));
    log.error('unexpected error', { requestId: requestIdOf(request), ...errorFields(error) });
    return answer(target.set, 'INTERNAL_ERROR');
  });
}
