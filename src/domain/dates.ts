/** Calendar arithmetic on UTC days written `YYYY-MM-DD`; callers pass the instant. */

export const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Null unless a real calendar day (2026-02-30 is null). */
export function parseStrictDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = DATE_PATTERN.exec(value);
  if (!match) return null;
  const [, y, m, d] = match;
  const ms = Date.UTC(Number(y), Number(m) - 1, Number(d));
  const back = new Date(ms);
  if (back.getUTCFullYear() !== Number(y) || back.getUTCMonth() !== Number(m) - 1 || back.getUTCDate() !== Number(d)) {
    return null;
  }
  return value;
}

export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return utcDay(new Date(dayStart(date).getTime() + days * DAY_MS));
}

export function daysBetween(from: string, to: string): number {
  return Math.round((dayStart(to).getTime() - dayStart(from).getTime()) / DAY_MS);
}

export function dayStart(date: string): Date {
  return new Date(`${date}T00:00:00.000Z`);
}

/** The form the pageview API uses in paths. */
export function compactDate(date: string): string {
  return date.replaceAll('-', '');
}

export function isoInstant(instant: Date): string {
  return instant.toISOString();
}
