/**
 * Progress of a long verb (`collect`, `import-performances`, `settle`, `backup`). On a
 * terminal: one line rewritten in place (done/total, rate, time left). Otherwise (cron,
 * systemd, a pipe): a JSON log line every few seconds and one at the end, so a log shows
 * the job moving without drowning in lines. Always on stderr: stdout carries the report.
 */
import type { Logger } from '../src/platform/log';

export interface Progress {
  update(done: number, total: number): void;
  /** the last figures, then a newline on a terminal */
  finish(): void;
}

export interface ProgressOptions {
  /** where the terminal line goes; its `isTTY` picks the mode */
  stream?: { isTTY?: boolean; write(text: string): unknown };
  log: Logger;
  /** milliseconds, monotonic */
  now?: () => number;
  /** between JSON lines */
  logEveryMs?: number;
  /** between terminal redraws */
  drawEveryMs?: number;
}

export const LOG_EVERY_MS = 5_000;

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

export function progressReporter(job: string, unit: string, options: ProgressOptions): Progress {
  const stream = options.stream ?? process.stderr;
  const now = options.now ?? (() => performance.now());
  const terminal = stream.isTTY === true;
  const interval = terminal ? (options.drawEveryMs ?? 100) : (options.logEveryMs ?? LOG_EVERY_MS);
  const started = now();
  let lastShown = Number.NEGATIVE_INFINITY;
  let done = 0;
  let total = 0;
  let shownAny = false;

  const figures = () => {
    const elapsed = (now() - started) / 1000;
    const rate = elapsed > 0 ? done / elapsed : 0;
    const secondsLeft = rate > 0 ? (total - done) / rate : Number.POSITIVE_INFINITY;
    return { rate, secondsLeft };
  };

  const show = () => {
    lastShown = now();
    shownAny = true;
    const { rate, secondsLeft } = figures();
    if (terminal) {
      const left = done >= total ? 'done' : `${duration(secondsLeft)} left`;
      stream.write(`\r\x1b[2K${job}: ${done}/${total} ${unit} (${rate.toFixed(1)}/s, ${left})`);
    } else {
      options.log.info('progress', {
        job,
        done,
        total,
        unit,
        ratePerSecond: Math.round(rate * 10) / 10,
        secondsLeft: Number.isFinite(secondsLeft) ? Math.round(secondsLeft) : null,
      });
    }
  };

  return {
    update(nextDone, nextTotal) {
      done = nextDone;
      total = nextTotal;
      // the first figures wait one interval: a job that ends at once prints only its last line
      if (lastShown === Number.NEGATIVE_INFINITY) lastShown = started;
      if (now() - lastShown >= interval) show();
    },
    finish() {
      show();
      if (terminal && shownAny) stream.write('\n');
    },
  };
}
