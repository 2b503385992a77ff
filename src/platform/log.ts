/**
 * One JSON object per line; fields are structured so operators can grep and ship them. Lines
 * below the configured level are dropped before they cost anything; secrets are masked by rule
 * (src/platform/redaction.ts) in every line that is written.
 */
import { type SecretValues, withoutSecretFields } from './redaction';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

type Sink = (line: string) => void;

export interface LoggerOptions {
  /** the least severe level written (`logLevel`); `info` unless set */
  level?: LogLevel;
  /** secret values masked wherever they appear in a line */
  secrets?: SecretValues;
}

export function jsonLogger(sink: Sink = (line) => process.stdout.write(`${line}\n`), options: LoggerOptions = {}): Logger {
  const { secrets } = options;
  // Log lines carry the wall-clock time an operator correlates with, even when a test or
  // `settle --at` runs the game on another clock. A busy server logs many lines per
  // millisecond, and formatting the time was a large part of a line's cost: it is formatted
  // once per millisecond.
  let formattedAt = -1;
  let time = '';
  const write = (level: LogLevel, message: string, fields?: Record<string, unknown>) => {
    const now = Date.now();
    if (now !== formattedAt) {
      formattedAt = now;
      time = new Date(now).toISOString();
    }
    // The fields are written after the fixed keys, without merging objects first; a field
    // named like one of them comes later, so a reader keeps it, as the merge would have.
    const rest = fields ? JSON.stringify(withoutSecretFields(fields)) : '{}';
    const line = `{"time":"${time}","level":"${level}","message":${JSON.stringify(message)}${rest === '{}' ? '}' : `,${rest.slice(1)}`}`;
    sink(secrets ? secrets.redact(line) : line);
  };
  const least = LOG_LEVELS.indexOf(options.level ?? 'info');
  const at = (level: LogLevel) =>
    LOG_LEVELS.indexOf(level) < least ? () => {} : (message: string, fields?: Record<string, unknown>) => write(level, message, fields);
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/**
 * Standard output, written once per turn of the event loop: a busy server answers many
 * requests per turn, and one write for all their lines costs far less than a write each.
 * Lines keep their order; whatever is pending is written before the process exits.
 */
export function batchedStdout(maxPendingBytes = 64 * 1024): Sink {
  let pending: string[] = [];
  let bytes = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = `${pending.join('\n')}\n`;
    pending = [];
    bytes = 0;
    process.stdout.write(text);
  };
  process.on('exit', flush);
  return (line) => {
    pending.push(line);
    bytes += line.length;
    if (bytes >= maxPendingBytes) flush();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** Keeps every line in memory: tests assert on what was (and was not) logged. */
export function memoryLogger(options: LoggerOptions = {}): Logger & { lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = jsonLogger((line) => lines.push(JSON.parse(line)), options);
  return Object.assign(logger, { lines });
}

export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { errorName: error.name, errorMessage: error.message };
  return { errorMessage: String(error) };
}
