/** Lines below the level are dropped before they cost anything; secrets are masked by rule (redaction.ts). */
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
  /** `info` unless set */
  level?: LogLevel;
  secrets?: SecretValues;
}

export function jsonLogger(sink: Sink = (line) => process.stdout.write(`${line}\n`), options: LoggerOptions = {}): Logger {
  const { secrets } = options;
  // Wall-clock time an operator correlates with, even when the game runs on another clock; formatted once per millisecond.
  let formattedAt = -1;
  let time = '';
  const write = (level: LogLevel, message: string, fields?: Record<string, unknown>) => {
    const now = Date.now();
    if (now !== formattedAt) {
      formattedAt = now;
      time = new Date(now).toISOString();
    }
    // A field named like a fixed key comes later, so a reader keeps it, as an object merge would.
    const rest = fields ? JSON.stringify(withoutSecretFields(fields)) : '{}';
    const line = `{"time":"${time}","level":"${level}","message":${JSON.stringify(message)}${rest === '{}' ? '}' : `,${rest.slice(1)}`}`;
    sink(secrets ? secrets.redact(line) : line);
  };
  const least = LOG_LEVELS.indexOf(options.level ?? 'info');
  const at = (level: LogLevel) =>
    LOG_LEVELS.indexOf(level) < least ? () => {} : (message: string, fields?: Record<string, unknown>) => write(level, message, fields);
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** One write per event-loop turn for all of its lines; order kept, and what is pending is written before exit. */
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

export function memoryLogger(options: LoggerOptions = {}): Logger & { lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = jsonLogger((line) => lines.push(JSON.parse(line)), options);
  return Object.assign(logger, { lines });
}

export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { errorName: error.name, errorMessage: error.message };
  return { errorMessage: String(error) };
}
