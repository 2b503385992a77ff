/** The daily jobs have a time of day, so a day not scored *yet* or a contract expiring today before the sweep must not raise an alarm. */
import { addDays, dayStart, DAY_MS } from './dates';

/** How far back a catch-up scores: the encyclopedia still has the day and a week is what an operator misses. */
export const CATCH_UP_DAYS = 7;

/** Scoring of day D runs at D+1 05:00 UTC; an hour later it counts as missed. */
const SCORING_OVERDUE_MS = DAY_MS + 6 * 3_600_000;
/** The sweep runs at 06:00 UTC on the expiry day; an hour later a live contract is overdue. */
const SETTLEMENT_OVERDUE_MS = 7 * 3_600_000;

export function isScoringOverdue(day: string, now: Date): boolean {
  return now.getTime() >= dayStart(day).getTime() + SCORING_OVERDUE_MS;
}

export function isSettlementOverdue(expireDate: string, now: Date): boolean {
  return now.getTime() >= dayStart(expireDate).getTime() + SETTLEMENT_OVERDUE_MS;
}

/** The days a catch-up may score for `today`, oldest first: the last CATCH_UP_DAYS before it. */
export function catchUpWindow(today: string): string[] {
  return Array.from({ length: CATCH_UP_DAYS }, (_, i) => addDays(today, i - CATCH_UP_DAYS));
}
