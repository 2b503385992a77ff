/**
 * The head-to-head table of a 1,000-team league (1-day rounds, 30 of them scored: 15,000
 * matchups) beside the same league's leaderboard, over real HTTP, in the same run: kept
 * answers read back to back, then the first read after an ingest chunk (a re-sent day for 100
 * teams), which writes the ranks or the table again before answering.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseConfig } from '../src/platform/config';
import { addDays, utcDay } from '../src/domain/dates';
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
const SECONDS = 4;
const AFTER_CHANGE_ROUNDS = 12;
const SECRET = 'bench-signing-secret-that-is-long-enough-0123456789';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-bench-h2h-'));
const config = parseConfig({ environment: 'test', databasePath: path.join(dir, 'fantasy.db'), signingSecret: SECRET, serviceToken: 'x', scheduler: { enabled: false } });
const runtime = await openRuntime(config, { log: memoryLogger() });
const { ctx } = runtime;

// in season now: the 30 scored days are the 30 before today
const start = addDays(utcDay(new Date()), -DAYS);
/** A league of TEAMS teams, each its own player's; `prefix` keeps two leagues' players apart. */
const buildLeague = (format: 'points' | 'head-to-head', prefix: string) => writeTransaction(ctx.db, async (tx) => {
  const now = `${start}T00:00:00.000Z`;
  const players: PlayerRow[] = [];
  for (let i = 0; i < TEAMS; i++) {
    players.push(
      await insertPlayer(tx, { id: newId('pl'), subject: `${prefix}-${i}`, username: `${prefix}${i}`, usernameKey: `${prefix}${i}`, name: `Player ${i}`, email: `${prefix}${i}@example.org`, picture: '', createdAt: now }),
    );
  }
  const id = newId('lg');
  tx.insert(leagues)
    .values({
      id,
      name: 'Big duel league',
      domain: 'en',
      languageScale: 1,
      icon: 'x',
      durationDays: 90,
      startDate: now,
      endDate: `${addDays(start, 90)}T00:00:00.000Z`,
      visibility: 'public',
      invitePolicy: 'members',
      adminId: players[0].id,
      createdAt: now,
      format,
      roundDays: format === 'head-to-head' ? 1 : null,
    })
    .run();
  const ids = players.map((player, i) => {
    const teamId = newId('tm');
    tx.insert(teams).values({ id: teamId, leagueId: id, playerId: player.id, name: `Team ${i}`, nameKey: `team ${i}`, joinedAt: new Date(Date.parse(now) + i * 1000).toISOString() }).run();
    return teamId;
  });
  return { leagueId: id, viewer: players[0], teamIds: ids };
});
const { leagueId, viewer, teamIds } = await buildLeague('head-to-head', 'duel');
const baseline = await buildLeague('points', 'points');

const views = (i: number, d: number) => 2_000 + ((i * 7919 + d * 104_729) % 300_000);
// 30 days of scores through the ingest service, as the engine posts them: it fixes the rounds,
// keeps each team's round points and records each finished round in the activity feed
const ingest = new PerformanceIngestService({ db: ctx.db, clock: ctx.clock, ranks: ctx.services.ranks });
async function ingestSeason(ids: readonly string[]): Promise<number> {
  const started = performance.now();
  for (let d = 0; d < DAYS; d++) {
    // in chunks of 100 rows, one transaction each, as the engine posts a day
    for (let c = 0; c < ids.length; c += 100) {
      await ingest.ingest({ date: addDays(start, d), results: ids.slice(c, c + 100).map((teamId, i) => ({ teamId, articleViews: [views(c + i, d)], chemistryLevels: ['good'], formationSnapshot: '{}' })) });
    }
  }
  return performance.now() - started;
}
const pointsIngestMs = await ingestSeason(baseline.teamIds);
const ingestMs = await ingestSeason(teamIds);

const cookie = `${SESSION_COOKIE}=${await mintSessionToken(claimsFor(viewer), SECRET, new Date())}`;
const server = await listen(createApp(ctx).fetch, '127.0.0.1', 0, ctx.log);
const urls = {
  leaderboard: `${server.url}/api/v1/leagues/${leagueId}/leaderboard`,
  'head-to-head': `${server.url}/api/v1/leagues/${leagueId}/head-to-head`,
} as const;
type Read = keyof typeof urls;

const bytes: Record<Read, number> = { leaderboard: 0, 'head-to-head': 0 };

async function read(which: Read): Promise<void> {
  const response = await fetch(urls[which], { headers: { cookie } });
  if (response.status !== 200) throw new Error(`${which} answered ${response.status}: ${await response.text()}`);
  const text = await response.text();
  bytes[which] = Buffer.byteLength(text);
  const rows = JSON.parse(text) as { played?: number }[];
  if (rows.length !== TEAMS) throw new Error(`${which}: got ${rows.length} rows`);
  if (which === 'head-to-head' && rows[0].played !== DAYS) throw new Error(`head-to-head: ${rows[0].played} rounds played, not ${DAYS}`);
}

async function readsPerSecond(which: Read): Promise<number> {
  const until = performance.now() + SECONDS * 1000;
  let reads = 0;
  while (performance.now() < until) {
    await read(which);
    reads++;
  }
  return reads / SECONDS;
}

let resend = 0;
/** A re-sent last day for 100 teams (one engine chunk), then the first read, timed. */
async function firstReadAfterChange(which: Read): Promise<number> {
  resend++;
  await ingest.ingest({
    date: addDays(start, DAYS - 1),
    results: teamIds.slice(0, 100).map((teamId, i) => ({ teamId, articleViews: [views(i, DAYS - 1 + resend)], chemistryLevels: ['good'], formationSnapshot: '{}' })),
  });
  const started = performance.now();
  await read(which);
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  console.log(
    `${TEAMS} teams × ${DAYS} days in chunks of 100: ingested in ${(ingestMs / 1000).toFixed(1)} s as a head-to-head league (1-day rounds, ${(DAYS * TEAMS) / 2} matchups), ${(pointsIngestMs / 1000).toFixed(1)} s as a points league`,
  );
  for (const which of Object.keys(urls) as Read[]) await read(which); // warm up: ranks and table written
  const kept: Record<Read, number> = { leaderboard: 0, 'head-to-head': 0 };
  // interleaved so a busy moment of the shared machine falls on both
  for (let pass = 0; pass < 2; pass++) for (const which of Object.keys(urls) as Read[]) kept[which] += (await readsPerSecond(which)) / 2;
  const afterChange: Record<Read, number[]> = { leaderboard: [], 'head-to-head': [] };
  for (let i = 0; i < AFTER_CHANGE_ROUNDS; i++) for (const which of Object.keys(urls) as Read[]) afterChange[which].push(await firstReadAfterChange(which));
  for (const which of Object.keys(urls) as Read[]) {
    console.log(
      `${which.padEnd(12)} (${(bytes[which] / 1024).toFixed(0)} KB of JSON) kept: ${kept[which].toFixed(1)} reads/s (${(1000 / kept[which]).toFixed(2)} ms each); first read after an ingest chunk: median ${median(afterChange[which]).toFixed(1)} ms`,
    );
  }
  console.log(
    `head-to-head / leaderboard: kept ${(kept['head-to-head'] / kept.leaderboard).toFixed(2)}x the reads/s; after a change ${(median(afterChange['head-to-head']) / median(afterChange.leaderboard)).toFixed(2)}x the time`,
  );
} finally {
  await server.close(100);
  await runtime.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
