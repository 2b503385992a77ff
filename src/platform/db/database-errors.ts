/**
 * What a failure of the database means for a caller, decided here once for both engines: the
 * database is out of reach (a connection refused, lost or ended by the server; a pool that
 * could not hand one out in time), or it is busy (a write that waited its whole turn or kept
 * colliding). Either way nothing was changed that the caller was told about, and trying again
 * later may succeed; every other failure stays the caller's own.
 */
import { Failure } from '../../domain/errors';

/** Seconds a client is told to wait (Retry-After) before asking a database that is out of reach again. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** how deep a wrapped error's causes are followed (drizzle wraps the driver's error once) */
const CAUSE_DEPTH = 4;

/** The driver's error code: drizzle wraps PostgreSQL's errors, the code on their cause. */
export function driverErrorCode(error: unknown): string | undefined {
  for (let at = error, depth = 0; typeof at === 'object' && at !== null && depth < 3; at = (at as { cause?: unknown }).cause, depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/**
 * PostgreSQL's SQLSTATEs for a session the server ended or would not start: admin shutdown
 * (a fast stop, pg_terminate_backend), crash shutdown, cannot connect now (starting up or
 * shutting down), too many connections. The whole class 08 (connection exception) is added below.
 */
const SERVER_GONE = new Set(['57P01', '57P02', '57P03', '53300']);

/** The socket's own failures on the way to the server. */
const SOCKET_GONE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * What node-postgres says when a connection died under it or none could be had: the server
 * closed the socket, a client already broken was asked again, or the pool's connect deadline
 * passed (a new connection's, or a wait for one of the pool's).
 */
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

/**
 * Whether `error` says the database is out of reach: its connection was refused, lost or ended
 * by the server, or none could be had in time. Also a Failure already named so.
 */
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

/**
 * A write that gave up waiting, with nothing written: its leagues' turn did not come within the
 * wait (PostgreSQL's lock_timeout, 55P03), it kept colliding after every retry (40001, 40P01),
 * or another process held SQLite's write lock past busy_timeout. Trying again may succeed.
 */
export function isDatabaseBusy(error: unknown): boolean {
  const code = driverErrorCode(error);
  return code !== undefined && (BUSY_CODES.has(code) || code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

const BUSY_CODES = new Set(['55P03', '40001', '40P01']);

/** The database out of reach, as a client is told: 503 DATABASE_UNAVAILABLE, come back in a few seconds. */
export function unavailableFailure(detail?: string): Failure {
  const failure = new Failure('DATABASE_UNAVAILABLE', detail);
  failure.retryAfterSeconds = UNAVAILABLE_RETRY_AFTER_SECONDS;
  return failure;
}

/**
 * The Failure a client is answered for a failure of the database that is not its own doing
 * (out of reach, or busy), or undefined for any other error. The driver's text stays in the
 * Failure's message, for the log.
 */
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
