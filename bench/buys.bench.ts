/**
 * Buys per second on one league with 50 concurrent players: real HTTP against an in-process
 * server on 127.0.0.1, the encyclopedia being the loopback fake. Each player buys 22
 * contracts (a full team), one request after another, all 50 at once. Two rounds:
 *   cold  — every article's series is fetched from the encyclopedia by the first buy of it;
 *   warm  — a second league buying the same articles the same day, series already cached.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ManualClock } from '../src/platform/clock';
import { parseConfig } from '../src/platform/config';
import { addDays, utcDay } from '../src/domain/dates';
import { createApp } from '../src/platform/http/app';
import { listen } from '../src/platform/http/server';
import { silentLogger } from '../src/platform/log';
import { openRuntime } from '../src/platform/runtime';
import { claimsFor } from '../src/features/auth/service';
import { mintSessionToken, SESSION_COOKIE } from '../src/features/auth/session-tokens';
import { writeTransaction } from '../src/platform/db/database';
import { newId } from '../src/platform/db/ids';
import { insertPlayer, type PlayerRow } from '../src/features/auth/store';
import { leagues, teams } from '../src/platform/db/schema/sqlite';
import { createEncyclopediaClient } from '../src/upstream/encyclopedia';
import { startFakeEncyclopedia } from '../test/fakes/encyclopedia';

const PLAYERS = 50;
const BUYS_EACH = 22;
const NOW = '2026-05-10T12:00:00.000Z';
const TODAY = utcDay(new Date(NOW));
const SECRET = 'bench-signing-secret-that-is-long-enough-0123456789';

const fake = await startFakeEncyclopedia({ today: TODAY });
const articles = Array.from({ length: PLAYERS * BUYS_EACH }, (_, i) => `Bench_article_${i}`);
for (const [i, article] of articles.entries()) {
  // 3,000–9,000 views: SHORT prices 3–29, so 22 buys always fit in 1,000 credits
  const views = 3_000 + (i % 7) * 1_000;
  fake.data.setSeries('en', article, Array.from({ length: 60 }, (_, d) => ({ date: addDays(TODAY, -60 + d), views })));
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-bench-buys-'));
const config = parseConfig({
  databasePath: path.join(dir, 'fantasy.db'),
  signingSecret: SECRET,
  scheduler: { enabled: false },
  encyclopedia: { metricsUrl: fake.metricsUrl, siteUrl: fake.siteUrl, metaUrl: fake.metaUrl, userAgent: 'FantasyBench/1.0 (bench@example.org)' },
});
const clock = new ManualClock(NOW);
const runtime = await openRuntime(config, { clock, log: silentLogger, upstream: { encyclopedia: createEncyclopediaClient(config) } });
const { ctx } = runtime;
const server = await listen(createApp(ctx).fetch, '127.0.0.1', 0, silentLogger);

const players: { row: PlayerRow; cookie: string }[] = [];
for (let i = 0; i < PLAYERS; i++) {
  const row = await writeTransaction(ctx.db, (tx) =>
    insertPlayer(tx, {
      id: newId('pl'),
      subject: `bench:${i}`,
      username: `bench${i}`,
      usernameKey: `bench${i}`,
      name: `bench${i}`,
      email: `bench${i}@example.org`,
      picture: '',
      createdAt: NOW,
    }),
  );
  players.push({ row, cookie: `${SESSION_COOKIE}=${await mintSessionToken(claimsFor(row), SECRET, clock.now())}` });
}

async function createLeague(name: string): Promise<string> {
  return writeTransaction(ctx.db, (tx) => {
    const id = newId('lg');
    tx.insert(leagues)
      .values({
        id,
        name,
        domain: 'en',
        languageScale: 1,
        icon: '🏆',
        durationDays: 30,
        startDate: NOW,
        endDate: new Date(Date.parse(NOW) + 30 * 86_400_000).toISOString(),
        visibility: 'public',
        invitePolicy: 'members',
        invitationCode: null,
        adminId: players[0]!.row.id,
        closedAt: null,
        createdAt: NOW,
      })
      .run();
    for (const [i, p] of players.entries()) {
      tx.insert(teams).values({ id: newId('tm'), leagueId: id, playerId: p.row.id, name: `Team ${i}`, nameKey: `team ${i}`, joinedAt: NOW, leftAt: null }).run();
    }
    return id;
  });
}

async function round(label: string): Promise<void> {
  const leagueId = await createLeague(`Bench ${label}`);
  let ok = 0;
  const failures = new Map<string, number>();
  const started = performance.now();
  await Promise.all(
    players.map(async (p, i) => {
      for (let n = 0; n < BUYS_EACH; n++) {
        const res = await fetch(`${server.url}/api/v1/leagues/${leagueId}/my-contracts`, {
          method: 'POST',
          headers: { cookie: p.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ articleId: articles[i * BUYS_EACH + n], tier: 'SHORT' }),
        });
        const body = (await res.json()) as { error?: string };
        if (res.status === 201) ok++;
        else failures.set(body.error ?? String(res.status), (failures.get(body.error ?? String(res.status)) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const failed = [...failures].map(([code, n]) => `${code}×${n}`).join(', ') || 'none';
  process.stdout.write(
    `${label.padEnd(5)} ${ok} buys by ${PLAYERS} concurrent players in ${seconds.toFixed(2)} s = ${(ok / seconds).toFixed(0)} buys/s (failures: ${failed})\n`,
  );
}

try {
  await round('cold');
  await round('warm');
} finally {
  await server.close();
  await runtime.close();
  await fake.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
