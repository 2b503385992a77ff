import { ERROR_STATUS, type ErrorCode, Failure } from '../domain/errors';
import { errorFields, type Logger } from '../logger';
import { BodyTooLarge } from './request-body';

export function errorResponse(code: ErrorCode, headers?: Record<string, string>): Response {
  const response = Response.json({ error: code }, { status: ERROR_STATUS[code], headers });
  return response;
}

/**
 * The one mapping from anything thrown to what a client sees: a Failure keeps its constant,
 * framework errors become their nearest constant, everything else is a 500 whose details
 * stay in the log under the request id.
 */
export function mapError(error: unknown, frameworkCode: string | number | undefined, log: Logger, requestId: string): Response {
  if (error instanceof Failure) {
    if (error.status >= 500) log.error('request failed', { requestId, code: error.code, ...errorFields(error) });
    return errorResponse(error.code, error.retryAfterSeconds ? { 'retry-after': String(error.retryAfterSeconds) } : undefined);
  }
  if (error instanceof BodyTooLarge) {
    if (error.answerAs === 'json') return errorResponse('PAYLOAD_TOO_LARGE');
    return new Response('Payload Too Large', { status: 413, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  switch (frameworkCode) {
    case 'NOT_FOUND':
      return errorResponse('NOT_FOUND');
    case 'PARSE':
      return errorResponse('MALFORMED_JSON');
    case 'VALIDATION':
      return errorResponse('INVALID_REQUEST');
  }
  log.error('unexpected error', { requestId, ...errorFields(error) });
  return errorResponse('INTERNAL_ERROR');
}
