/** Below this many normalized views an article earns nothing (and is free on the market). */
const FREE_VIEWS = 2_000;
/** Above this the logarithm would flatten too much, so the curve turns linear. */
const LINEAR_FROM_VIEWS = 150_000;
const VIEWS_PER_LINEAR_POINT = 50_000;
/** log2(150000 / 2000): the value at the breakpoint, so both branches meet. */
export const LOG2_75 = Math.log2(LINEAR_FROM_VIEWS / FREE_VIEWS);

/** Never negative; garbage in (NaN, ±∞, negatives) scores 0 so one bad upstream number cannot poison a team's total. */
export function basePoints(v: number): number {
  if (!Number.isFinite(v) || v <= FREE_VIEWS) return 0;
  if (v <= LINEAR_FROM_VIEWS) return Math.max(0, Math.log2(v / FREE_VIEWS));
  return LOG2_75 + (v - LINEAR_FROM_VIEWS) / VIEWS_PER_LINEAR_POINT;
}
