/**
 * When the players of a morning rush arrive: a ramp that rises fast after the push and tails
 * off, shaped t·e^(−t/τ) with τ an eighth of the window, so the busiest second comes early
 * (at τ) and carries about three times the window's mean rate. The times are the shape's
 * quantiles, spaced evenly in probability, so two runs of one size arrive identically.
 */

/** The window holds this many τ: the shape's last 0.3 % falls outside it and is folded in. */
const TAUS_IN_WINDOW = 8;

/** Share of the untruncated shape before x·τ (the gamma(2) distribution function). */
const shareBefore = (x: number) => 1 - Math.exp(-x) * (1 + x);

export interface ArrivalRamp {
  /** milliseconds after the start at which each player arrives, ascending */
  at: number[];
  /** when the rate peaks, and the rate there (players a second) */
  peakSecond: number;
  peakRate: number;
}

export function arrivalRamp(players: number, seconds: number): ArrivalRamp {
  const tau = seconds / TAUS_IN_WINDOW;
  const whole = shareBefore(TAUS_IN_WINDOW);
  const at: number[] = [];
  for (let i = 0; i < players; i++) {
    const target = ((i + 0.5) / players) * whole;
    let low = 0;
    let high = TAUS_IN_WINDOW;
    for (let step = 0; step < 50; step++) {
      const middle = (low + high) / 2;
      if (shareBefore(middle) < target) low = middle;
      else high = middle;
    }
    at.push(((low + high) / 2) * tau * 1000);
  }
  // the density at x = 1 is e^−1 / τ of the untruncated shape
  return { at, peakSecond: tau, peakRate: (players * Math.exp(-1)) / tau / whole };
}
