/** Out of reach or busy, decided once for both engines: nothing the caller was told about changed, and trying later may succeed. */
import { Failure } from '../../domain/errors';

/** Seconds a client is told to wait (Retry-After) before asking a database that is out of reach again. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** drizzle wraps the driver's error once */
const CAUSE_DEPTH = 4;

/** drizzle wraps PostgreSQL's errors, the code on their cause. */
export function driverErrorCode(error: unknown): string | undefined {
  for (let at = error, depth = 0; typeof at === 'object' && at !== null && depth < 3; at = (at as { cause?: unknown }).cause, depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** SQLSTATEs of a session the server ended or would not start; class 08 (connection exception) is added below. */
const SERVER_GONE = new Set(['57P01', '57P02', '57P03', '53300']);

const SOCKET_GONE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** node-postgres' words for a connection that died under it or that none could be had in time. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'is not queryable',
  'timeout exceeded when trying to connect',
];

function lostHere(at: object): boolean {
  const code = (at as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('08') || SERVER_GONE.has(code) || SOCKET_GONE.has(code))) return true;
  const message = (at as { message?: unknown }).message;
  return typeof message === 'string' && DRIVER_MESSAGES.some((text) => message.includes(text));
}

/** Also a Failure already named so. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof Failure) return error.code === 'DATABASE_UNAVAILABLE';
  const pending: unknown[] = [error];
  for (let depth = 0; depth <= CAUSE_DEPTH && pending.length > 0; depth++) {
    const level = pending.splice(0);
    for (const at of level) {
      if (typeof at !== 'object' || at === null) continue;
      if (lostHere(at)) return true;
      // every address of a host refused: the reasons are in the parts
      if (at instanceof AggregateError) pending.push(...at.errors);
      pending.push((at as { cause?: unknown }).cause);
    }
  }
  return false;
}

/** A write that gave up waiting with nothing written (lock_timeout 55P03, retries spent on 40001/40P01, SQLite's busy_timeout). */
export function isDatabaseBusy(error: unknown): boolean {
  const code = driverErrorCode(error);
  return code !== undefined && (BUSY_CODES.has(code) || code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

const BUSY_CODES = new Set(['55P03', '40001', '40P01']);

export function unavailableFailure(detail?: string): Failure {
  const failure = new Failure('DATABASE_UNAVAILABLE', detail);
  failure.retryAfterSeconds = UNAVAILABLE_RETRY_AFTER_SECONDS;
  return failure;
}

/** Undefined for any error that is the caller's own; the driver's text stays in the message, for the log. */
export function databaseFailure(error: unknown): Failure | undefined {
  if (error instanceof Failure) return undefined;
  const detail = `${driverErrorCode(error) ?? 'no code'}: ${error instanceof Error ? error.message : String(error)}`;
  if (isDatabaseUnavailable(error)) return unavailableFailure(detail);
  if (isDatabaseBusy(error)) {
    const failure = new Failure('DATABASE_BUSY', detail);
    failure.retryAfterSeconds = 1;
    return failure;
  }
  return undefined;
}
