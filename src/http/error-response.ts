import { ERROR_STATUS, type ErrorCode, Failure } from '../domain/errors';
import { errorFields, type Logger } from '../logger';
import { type HttpResponse, jsonResponse, textResponse } from './http-response';
import { BodyTooLarge } from './request-body';

export function errorResponse(code: ErrorCode, headers?: Record<string, string>): HttpResponse {
  return jsonResponse({ error: code }, ERROR_STATUS[code], headers);
}

/**
 * The one mapping from anything thrown to what a client sees: a Failure keeps its constant, a
 * body over its limit is a 413, everything else is a 500 whose details stay in the log under
 * the request id.
 */
export function mapError(error: unknown, log: Logger, requestId: string): HttpResponse {
  if (error instanceof Failure) {
    if (error.status >= 500) log.error('request failed', { requestId, code: error.code, ...errorFields(error) });
    return errorResponse(error.code, error.retryAfterSeconds ? { 'retry-after': String(error.retryAfterSeconds) } : undefined);
  }
  if (error instanceof BodyTooLarge) {
    if (error.answerAs === 'json') return errorResponse('PAYLOAD_TOO_LARGE');
    return textResponse('Payload Too Large', 413, 'text/plain; charset=utf-8');
  }
  log.error('unexpected error', { requestId, ...errorFields(error) });
  return errorResponse('INTERNAL_ERROR');
}
