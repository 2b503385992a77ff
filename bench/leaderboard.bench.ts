/**
 * Leaderboard reads for a league of 1,000 teams with 30 scored days each (30,000 performance
 * rows), over real HTTP with a signed-in player: sequential reads, then 8 clients at once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseConfig } from '../src/platform/config';
import { addDays } from '../src/domain/dates';
import { createApp } from '../src/platform/http/app';
import { listen } from '../src/platform/http/server';
import { memoryLogger } from '../src/platform/log';
import { openRuntime } from '../src/platform/runtime';
import { claimsFor } from '../src/features/auth/service';
import { PerformanceIngestService } from '../src/features/scoring/performance-ingest-service';
import { mintSessionToken, SESSION_COOKIE } from '../src/features/auth/session-tokens';
import { writeTransaction } from '../src/platform/db/database';
import { newId } from '../src/platform/db/ids';
import { insertPlayer, type PlayerRow } from '../src/features/auth/store';
import { leagues, teams } from '../src/platform/db/schema/sqlite';

const TEAMS = 1_000;
const DAYS = 30;
const SECONDS = 5;
const CONCURRENT_CLIENTS = 8;
const SECRET = 'bench-signing-secret-that-is-long-enough-0123456789';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-bench-leaderboard-'));
const config = parseConfig({ environment: 'test', databasePath: path.join(dir, 'fantasy.db'), signingSecret: SECRET, serviceToken: 'x', scheduler: { enabled: false } });
const runtime = await openRuntime(config, { log: memoryLogger() });
const { ctx } = runtime;

const start = '2026-04-01';
const { leagueId, viewer, teamIds } = await writeTransaction(ctx.db, async (tx) => {
  const now = `${start}T00:00:00.000Z`;
  const players: PlayerRow[] = [];
  for (let i = 0; i < TEAMS; i++) {
    players.push(
      await insertPlayer(tx, { id: newId('pl'), subject: `bench-${i}`, username: `bench${i}`, usernameKey: `bench${i}`, name: `Player ${i}`, email: `p${i}@example.org`, picture: '', createdAt: now }),
    );
  }
  const id = newId('lg');
  tx.insert(leagues)
    .values({ id, name: 'Big league', domain: 'en', languageScale: 1, icon: 'x', durationDays: 90, startDate: now, endDate: '2026-06-30T00:00:00.000Z', visibility: 'public', invitePolicy: 'members', adminId: players[0].id, createdAt: now })
    .run();
  const ids = players.map((player, i) => {
    const teamId = newId('tm');
    tx.insert(teams).values({ id: teamId, leagueId: id, playerId: player.id, name: `Team ${i}`, nameKey: `team ${i}`, joinedAt: new Date(Date.parse(now) + i * 1000).toISOString() }).run();
    return teamId;
  });
  return { leagueId: id, viewer: players[0], teamIds: ids };
});

// 30 days of scores, written through the ingest service like the engine's posts
const ingest = new PerformanceIngestService({ db: ctx.db, clock: ctx.clock, ranks: ctx.services.ranks });
for (let d = 0; d < DAYS; d++) {
  await ingest.ingest({
    date: addDays(start, d),
    results: teamIds.map((teamId, i) => ({ teamId, articleViews: [2_000 + ((i * 7919 + d * 104_729) % 300_000)], chemistryLevels: ['good'], formationSnapshot: '{}' })),
  });
}

const cookie = `${SESSION_COOKIE}=${await mintSessionToken(claimsFor(viewer), SECRET, new Date())}`;
const server = await listen(createApp(ctx).fetch, '127.0.0.1', 0, ctx.log);
const url = `${server.url}/api/v1/leagues/${leagueId}/leaderboard`;

async function read(): Promise<void> {
  const response = await fetch(url, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`leaderboard answered ${response.status}: ${await response.text()}`);
  const entries = (await response.json()) as unknown[];
  if (entries.length !== TEAMS) throw new Error(`got ${entries.length} entries`);
}

async function readFor(seconds: number, clients: number): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let reads = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        await read();
        reads++;
      }
    }),
  );
  return reads / seconds;
}

try {
  await read(); // warm up
  const sequential = await readFor(SECONDS, 1);
  console.log(`leaderboard, ${TEAMS} teams × ${DAYS} days, 1 client: ${sequential.toFixed(1)} reads/s (${(1000 / sequential).toFixed(1)} ms each)`);
  const concurrent = await readFor(SECONDS, CONCURRENT_CLIENTS);
  console.log(`leaderboard, ${TEAMS} teams × ${DAYS} days, ${CONCURRENT_CLIENTS} clients: ${concurrent.toFixed(1)} reads/s`);
} finally {
  await server.close(100);
  await runtime.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
