/**
 * How long founding a league takes when its edition has no Language Scale Factor yet
 * (§1.3: ~62 encyclopedia requests through the limiter of 3), against the loopback fake:
 * once as fast as loopback goes, once with a simulated 50 ms per upstream request.
 */
import { parseConfig } from '../src/platform/config';
import { createEncyclopediaClient } from '../src/upstream/encyclopedia';
import { ConcurrencyLimiter } from '../src/upstream/limiter';
import { startFakeEncyclopedia, type FakeEncyclopedia } from '../test/fakes/encyclopedia';
import { createTestApp } from '../test/support/app';
import { createBody, mirrorEnglish, NOW, TODAY } from '../test/features/leagues/leagues-fixtures';

const RUNS = 5;

async function foundOnce(fake: FakeEncyclopedia, latencyMs: number): Promise<{ ms: number; requests: number; status: number }> {
  const config = parseConfig({
    encyclopedia: { metricsUrl: fake.metricsUrl, siteUrl: fake.siteUrl, metaUrl: fake.metaUrl, userAgent: 'FantasyBench/1.0 (bench@example.org)' },
  });
  const encyclopedia = createEncyclopediaClient(config, { limiter: new ConcurrencyLimiter(config.encyclopedia.maxConcurrency) });
  const app = await createTestApp({ now: NOW, upstream: { encyclopedia } });
  try {
    const founder = await app.player();
    fake.faults.clear();
    if (latencyMs > 0) fake.faults.slow('*', latencyMs);
    fake.resetCounters();
    const started = performance.now();
    const res = await app.call('POST', '/api/v1/leagues', { as: founder, body: createBody({ domain: 'de' }) });
    const ms = performance.now() - started;
    return { ms, requests: fake.requests.length, status: res.status };
  } finally {
    await app.close();
  }
}

function summary(label: string, runs: { ms: number; requests: number; status: number }[]): void {
  const times = runs.map((r) => r.ms).sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const statuses = [...new Set(runs.map((r) => r.status))].join(',');
  const requests = [...new Set(runs.map((r) => r.requests))].join(',');
  process.stdout.write(
    `${label.padEnd(34)} median ${median.toFixed(0).padStart(5)} ms  (min ${times[0].toFixed(0)}, max ${times[times.length - 1].toFixed(0)})  ` +
      `encyclopedia requests ${requests}  status ${statuses}\n`,
  );
}

const fake = await startFakeEncyclopedia({ today: TODAY });
try {
  mirrorEnglish(fake, 'de', 3);
  process.stdout.write(`founding a league on an uncalibrated edition, ${RUNS} runs each (fresh database per run)\n`);
  for (const latency of [0, 50]) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await foundOnce(fake, latency));
    summary(latency === 0 ? 'loopback fake' : `fake + ${latency} ms per request`, runs);
  }
} finally {
  await fake.close();
}
