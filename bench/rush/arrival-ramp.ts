/**
 * When the players of a morning rush arrive: a ramp that rises from nothing to its peak over
 * the first tenth of the window (the push reaching phones, players noticing it) and falls
 * back to nothing at its end, a triangle whose busiest second carries twice the window's mean
 * rate. The times are the ramp's quantiles, spaced evenly in probability, so two runs of one
 * size arrive identically.
 */

/** where in the window the ramp peaks */
const PEAK_AT = 0.1;

export interface ArrivalRamp {
  /** milliseconds after the start at which each player arrives, ascending */
  at: number[];
  /** when the rate peaks, and the rate there (players a second) */
  peakSecond: number;
  peakRate: number;
}

export function arrivalRamp(players: number, seconds: number): ArrivalRamp {
  const at: number[] = [];
  for (let i = 0; i < players; i++) {
    const u = (i + 0.5) / players;
    // the triangle's distribution function, inverted on each side of its apex
    const t = u <= PEAK_AT ? Math.sqrt(u * PEAK_AT) : 1 - Math.sqrt((1 - u) * (1 - PEAK_AT));
    at.push(t * seconds * 1000);
  }
  return { at, peakSecond: PEAK_AT * seconds, peakRate: (2 * players) / seconds };
}
