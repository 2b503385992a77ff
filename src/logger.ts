/** One JSON object per line; fields are structured so operators can grep and ship them. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

type Sink = (line: string) => void;

export function jsonLogger(sink: Sink = (line) => process.stdout.write(`${line}\n`)): Logger {
  // Log lines carry the wall-clock time an operator correlates with, even when a test or
  // `settle --at` runs the game on another clock. A busy server logs many lines per
  // millisecond, and formatting the time was a large part of a line's cost: it is formatted
  // once per millisecond.
  let formattedAt = -1;
  let time = '';
  const write = (level: string, message: string, fields?: Record<string, unknown>) => {
    const now = Date.now();
    if (now !== formattedAt) {
      formattedAt = now;
      time = new Date(now).toISOString();
    }
    // The fields are written after the fixed keys, without merging objects first; a field
    // named like one of them comes later, so a reader keeps it, as the merge would have.
    const rest = fields ? JSON.stringify(fields) : '{}';
    sink(`{"time":"${time}","level":"${level}","message":${JSON.stringify(message)}${rest === '{}' ? '}' : `,${rest.slice(1)}`}`);
  };
  return {
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  };
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

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** Keeps every line in memory: tests assert on what was (and was not) logged. */
export function memoryLogger(): Logger & { lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = jsonLogger((line) => lines.push(JSON.parse(line)));
  return Object.assign(logger, { lines });
}

export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { errorName: error.name, errorMessage: error.message };
  return { errorMessage: String(error) };
}
