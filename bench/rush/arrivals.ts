/**
 * Runs one phase of the rush: every player arrives at the ramp's time and opens the league
 * home (or, for the floor, the same requests all answered by `GET /`), while this process
 * watches how busy it is itself: its CPU, how late its event loop ran and how late each
 * arrival started. A load client that is itself saturated would report the service slower
 * than it is, so those figures are printed beside the service's.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ArrivalRamp } from './arrival-ramp';
import { openLeagueHome, type RequestKind, type RushPlayer, type Service } from './league-home-opening';
import { PhaseTally } from './tally';

export interface ClientBusy {
  /** this process's CPU over the phase, in cores (one thread: 1.0 is saturated) */
  cores: number;
  /** the event loop's delay, milliseconds */
  loopDelayP99: number;
  loopDelayMax: number;
  /** how late arrivals started against their schedule, milliseconds */
  latenessP99: number;
  /** players with their browser open at once, at most */
  peakPlayers: number;
}

export interface Phase {
  tally: PhaseTally;
  /** from the first arrival to the last player done */
  seconds: number;
  client: ClientBusy;
}

export async function runArrivals(service: Service, players: readonly RushPlayer[], ramp: ArrivalRamp, floor: boolean, screenReads?: readonly RequestKind[]): Promise<Phase> {
  const tally = new PhaseTally();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const cpu = process.cpuUsage();
  const started = performance.now();
  let open = 0;
  let peakPlayers = 0;
  await new Promise<void>((resolve) => {
    let next = 0;
    let done = 0;
    if (players.length === 0) resolve();
    const arrive = (i: number) => {
      tally.lateness.push(performance.now() - started - ramp.at[i]!);
      peakPlayers = Math.max(peakPlayers, ++open);
      void openLeagueHome(service, players[i]!, tally, floor, screenReads).finally(() => {
        open--;
        if (++done === players.length) resolve();
      });
    };
    // one timer at a time, for the next arrival due
    const tick = () => {
      const now = performance.now() - started;
      while (next < players.length && ramp.at[next]! <= now) arrive(next++);
      if (next < players.length) setTimeout(tick, Math.max(0, ramp.at[next]! - now));
    };
    tick();
  });
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  loop.disable();
  const lateness = Float64Array.from(tally.lateness).sort();
  return {
    tally,
    seconds: wall / 1000,
    client: {
      cores: (used.user + used.system) / 1000 / wall,
      loopDelayP99: loop.percentile(99) / 1e6,
      loopDelayMax: loop.max / 1e6,
      latenessP99: lateness.length === 0 ? 0 : lateness[Math.min(lateness.length - 1, Math.ceil(0.99 * lateness.length) - 1)]!,
      peakPlayers,
    },
  };
}
