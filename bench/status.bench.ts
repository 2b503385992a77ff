/**
 * `fantasy status` (and the health figures /metrics reads every 30 s) on a big deployment:
 * 20 active leagues of 500 teams (10,000 teams) with 90 in-season days, all scored but two,
 * so 900,000 performance rows. Baseline in the same run: one `count(*)` over the table.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseConfig } from '../src/platform/config';
import { addDays } from '../src/domain/dates';
import { memoryLogger } from '../src/platform/log';
import { openRuntime } from '../src/platform/runtime';
import { deploymentStatus } from '../src/features/operations/status-service';
import { writeTransaction, writerOf } from '../src/platform/db/database';
import { newId } from '../src/platform/db/ids';
import { insertPlayer } from '../src/features/auth/store';
import { leagues, teams } from '../src/platform/db/schema/sqlite';
import { ManualClock } from '../src/platform/clock';

const LEAGUES = 20;
const TEAMS_PER_LEAGUE = 500;
const DAYS = 90;
const RUNS = 5;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-bench-status-'));
const databasePath = path.join(dir, 'fantasy.db');
const config = parseConfig({ environment: 'test', databasePath, serviceToken: 'x', scheduler: { enabled: false } });
const start = '2026-02-01';
const today = addDays(start, DAYS);
const clock = new ManualClock(`${today}T09:00:00.000Z`);
const runtime = await openRuntime(config, { log: memoryLogger(), clock });
const { db } = runtime.ctx;

const teamIds = await writeTransaction(db, async (tx) => {
  const now = `${start}T00:00:00.000Z`;
  const admin = await insertPlayer(tx, { id: newId('pl'), subject: 'bench-admin', username: 'admin', usernameKey: 'admin', name: 'Admin', email: 'a@example.org', picture: '', createdAt: now });
  const ids: string[] = [];
  for (let l = 0; l < LEAGUES; l++) {
    const leagueId = newId('lg');
    tx.insert(leagues)
      .values({ id: leagueId, name: `League ${l}`, domain: 'en', languageScale: 1, icon: 'x', durationDays: 180, startDate: now, endDate: `${addDays(start, 180)}T00:00:00.000Z`, visibility: 'public', invitePolicy: 'members', adminId: admin.id, createdAt: now })
      .run();
    for (let t = 0; t < TEAMS_PER_LEAGUE; t++) {
      const teamId = newId('tm');
      // one player may hold a team in many leagues; the bench only needs distinct (league, player)
      const player = t === 0 ? admin : await insertPlayer(tx, { id: newId('pl'), subject: `b-${l}-${t}`, username: `b${l}_${t}`, usernameKey: `b${l}_${t}`, name: 'P', email: 'p@example.org', picture: '', createdAt: now });
      tx.insert(teams).values({ id: teamId, leagueId, playerId: player.id, name: `T${t}`, nameKey: `t${t}`, joinedAt: now }).run();
      ids.push(teamId);
    }
  }
  return ids;
});

// the handle only reads: the seeded rows go through the connection that writes
const writer = writerOf(db).$client;
const insert = writer.prepare(
  `INSERT INTO performances (team_id, date, points, formation_snapshot, article_views, chemistry_levels, created_at, updated_at) VALUES (?, ?, 1, '{}', '[]', '[]', ?, ?)`,
);
const seeded = performance.now();
writer.transaction(() => {
  // the last two days unscored: the server was down
  for (let d = 0; d < DAYS - 2; d++) {
    const date = addDays(start, d);
    for (const teamId of teamIds) insert.run(teamId, date, `${date}T05:00:00Z`, `${date}T05:00:00Z`);
  }
})();
const rows = (db.$client.prepare('SELECT count(*) AS n FROM performances').get() as { n: number }).n;
console.log(`seeded ${rows.toLocaleString('en')} performances for ${teamIds.length.toLocaleString('en')} teams in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

async function time(run: () => unknown): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run();
    out.push(performance.now() - t0);
  }
  return out;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const show = (xs: number[]) => `${median(xs).toFixed(0)} ms  [${xs.map((x) => x.toFixed(0)).join(', ')}]`;

const baseline = await time(() => db.$client.prepare('SELECT count(*) FROM performances').get());
let unscored = 0;
const status = await time(async () => {
  unscored = (await deploymentStatus({ db, version: 'bench', databasePath }, clock.now())).unscoredDays.length;
});
if (unscored !== 2) throw new Error(`expected 2 unscored days, got ${unscored}`);
const scrape = [];
for (let i = 0; i < RUNS; i++) {
  // a fresh metrics object each time, so the 30 s health cache never answers
  const fresh = await openRuntime(config, { log: memoryLogger(), clock, db });
  const t0 = performance.now();
  await fresh.ctx.metrics.exposition();
  scrape.push(performance.now() - t0);
  await fresh.close();
}
console.log(`baseline, count(*) over performances (median of ${RUNS}): ${show(baseline)}`);
console.log(`fantasy status figures (median of ${RUNS}):            ${show(status)}`);
console.log(`GET /metrics exposition, health uncached (median):     ${show(scrape)}`);
await runtime.close();
fs.rmSync(dir, { recursive: true, force: true });
