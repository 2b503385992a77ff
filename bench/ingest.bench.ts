/**
 * Performance ingest for a day of 10,000 teams (11 placed articles, 16 chemistry levels each):
 *  1. over real HTTP, POST /internal/v1/performances in 100-row chunks, one after another
 *     (as the external engine posts them);
 *  2. through `fantasy import-performances`' path: read a JSON-lines file of 100-row bodies
 *     and ingest it with the same service;
 *  3. for scale, GET /internal/v1/scoring-inputs for the same day (10,000 full line-ups).
 * Each figure is the best of RUNS (the day is re-sent: upserts, as a re-run would do), printed
 * beside baselines measured in the same run on the same database:
 *  - storage alone: better-sqlite3 upserting the same rows (points, snapshot, raw facts) with one
 *    prepared statement, no totals, no validation: in the order they arrive, one transaction per
 *    100 rows (beside the HTTP figure), and in the import's order and transaction size (beside
 *    the import figure);
 *  - HTTP alone: a bare node:http server in this process reading the same bodies with the same
 *    client, parsing them and answering the same JSON, nothing stored. Its time plus the storage
 *    baseline's is what a request costs with nothing of ours in between: the HTTP figure is
 *    also printed beside that sum.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { readIngestBodies } from '../cli/commands/import-performances';
import { parseConfig } from '../src/platform/config';
import { createApp } from '../src/platform/http/app';
import { listen } from '../src/platform/http/server';
import { memoryLogger } from '../src/platform/log';
import { openRuntime } from '../src/platform/runtime';
import { INGEST_CHUNK as CHUNK, IMPORT_TRANSACTION_ROWS, PerformanceIngestService } from '../src/features/scoring/performance-ingest-service';
import { writeTransaction, writerOf } from '../src/platform/db/database';
import { newId } from '../src/platform/db/ids';
import { insertPlayer } from '../src/features/auth/store';
import { contracts, leagues, lineupVersions, performances, teams } from '../src/platform/db/schema/sqlite';

const TEAMS = 10_000;
const RUNS = 3;
const DAY = '2026-05-10';
const TOKEN = 'bench-service-token';
const POSITIONS = ['LW', 'ST', 'RW', 'CLM', 'CM', 'CRM', 'LB', 'CLB', 'CRB', 'RB', 'GK'];
const LEVELS = ['excellent', 'good', 'weak', 'weak', 'good', 'excellent', 'weak', 'good', 'weak', 'weak', 'good', 'weak', 'excellent', 'weak', 'good', 'weak'];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-bench-ingest-'));
const config = parseConfig({
  environment: 'test',
  databasePath: path.join(dir, 'fantasy.db'),
  serviceToken: TOKEN,
  signingSecret: 'bench-signing-secret-that-is-long-enough-0123456789',
  scheduler: { enabled: false },
});
const runtime = await openRuntime(config, { log: memoryLogger() });
const { ctx } = runtime;

/** 100 leagues of 100 teams, each team fielding a full 4-3-3 of live contracts. */
async function seed(): Promise<string[]> {
  const now = '2026-05-01T00:00:00.000Z';
  const teamIds: string[] = [];
  await writeTransaction(ctx.db, async (tx) => {
    // one player per seat: a player has at most one team per league
    const players = [];
    for (let i = 0; i < 100; i++) {
      players.push(
        await insertPlayer(tx, { id: newId('pl'), subject: `bench-${i}`, username: `bench${i}`, usernameKey: `bench${i}`, name: `bench${i}`, email: `b${i}@example.org`, picture: '', createdAt: now }),
      );
    }
    const player = players[0];
    for (let l = 0; l < TEAMS / 100; l++) {
      const leagueId = newId('lg');
      tx.insert(leagues)
        .values({ id: leagueId, name: `League ${l}`, domain: l % 2 ? 'it' : 'en', languageScale: l % 2 ? 13.9 : 1, icon: 'x', durationDays: 30, startDate: now, endDate: '2026-05-31T00:00:00.000Z', visibility: 'public', invitePolicy: 'members', adminId: player.id, createdAt: now })
        .run();
      for (let t = 0; t < 100; t++) {
        const teamId = newId('tm');
        teamIds.push(teamId);
        tx.insert(teams).values({ id: teamId, leagueId, playerId: players[t].id, name: `Team ${t}`, nameKey: `team ${t}`, joinedAt: now }).run();
        const placed: Record<string, string> = {};
        POSITIONS.forEach((position, p) => {
          const id = newId('ct');
          tx.insert(contracts)
            .values({ id, leagueId, teamId, articleId: `Article_${l}_${t}_${p}`, domain: l % 2 ? 'it' : 'en', heldSince: '2026-05-01', purchaseDate: '2026-05-01', expireDate: '2026-05-15', purchasePrice: 10, createdAt: now })
            .run();
          placed[position] = id;
        });
        tx.insert(lineupVersions).values({ teamId, schema: '4-3-3', positions: JSON.stringify(placed), savedAt: now }).run();
      }
    }
  });
  return teamIds;
}

function bodiesFor(teamIds: string[]) {
  const bodies = [];
  for (let i = 0; i < teamIds.length; i += CHUNK) {
    bodies.push({
      date: DAY,
      results: teamIds.slice(i, i + CHUNK).map((teamId, k) => ({
        teamId,
        articleViews: POSITIONS.map((_, p) => 1_000 + ((i + k) * 37 + p * 1_013) % 200_000),
        chemistryLevels: LEVELS,
        formationSnapshot: JSON.stringify(Object.fromEntries(POSITIONS.map((position, p) => [position, `Article_${k}_${p}`]))),
      })),
    });
  }
  return bodies;
}

function rate(rows: number, ms: number): string {
  return `${Math.round((rows / ms) * 1000).toLocaleString('en-US')} rows/s (${TEAMS.toLocaleString('en-US')} rows in ${Math.round(ms)} ms)`;
}

function besideBaseline(ms: number, baselineMs: number, name = 'baseline'): string {
  return `${rate(TEAMS, ms)}; ${name} ${rate(TEAMS, baselineMs)}; ratio ${(baselineMs / ms).toFixed(2)}x`;
}

type Row = ReturnType<typeof bodiesFor>[number]['results'][number] & { date: string };

/**
 * The storage baseline: the same rows through one prepared upsert, `perTransaction` rows per
 * transaction, nothing else. The HTTP one writes them as they arrive, 100 per transaction; the
 * import one in the order and transaction size the import writes them: (team, date) order.
 */
function baselineWriter(bodies: ReturnType<typeof bodiesFor>, perTransaction = CHUNK, inImportOrder = false): () => number {
  // the handle only reads: the baseline writes on the connection the service writes on
  const client = writerOf(ctx.db).$client;
  const upsert = client.prepare(`
    INSERT INTO performances (team_id, date, points, formation_snapshot, article_views, chemistry_levels, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (team_id, date) DO UPDATE SET points = excluded.points, formation_snapshot = excluded.formation_snapshot,
      article_views = excluded.article_views, chemistry_levels = excluded.chemistry_levels, updated_at = excluded.updated_at`);
  const now = '2026-05-10T06:00:00.000Z';
  const rows: Row[] = bodies.flatMap((body) => body.results.map((row) => ({ ...row, date: body.date })));
  if (inImportOrder) rows.sort((a, b) => (a.teamId < b.teamId ? -1 : a.teamId > b.teamId ? 1 : 0));
  const writeChunk = client.transaction((chunk: Row[]) => {
    chunk.forEach((row, k) => {
      upsert.run(row.teamId, row.date, k / 7, row.formationSnapshot, JSON.stringify(row.articleViews), JSON.stringify(row.chemistryLevels), now, now);
    });
  });
  return () => {
    const started = performance.now();
    for (let i = 0; i < rows.length; i += perTransaction) writeChunk.immediate(rows.slice(i, i + perTransaction));
    return performance.now() - started;
  };
}

/** The HTTP baseline: a bare node:http server that reads each body, parses it and answers the same JSON. */
async function bareIngestServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { results: unknown[] };
      const answer = JSON.stringify({ written: body.results.length });
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
      response.end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Posts every body one after another, as the engine does; the time of the best run. */
function poster(url: string, bodies: ReturnType<typeof bodiesFor>): () => Promise<number> {
  const texts = bodies.map((body) => JSON.stringify(body));
  return async () => {
    const started = performance.now();
    for (const text of texts) {
      const response = await fetch(`${url}/internal/v1/performances`, { method: 'POST', headers, body: text });
      if (response.status !== 200) throw new Error(`ingest answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
    }
    return performance.now() - started;
  };
}

async function best(run: () => Promise<number> | number): Promise<number> {
  let fastest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < RUNS; i++) fastest = Math.min(fastest, await run());
  return fastest;
}

const teamIds = await seed();
const bodies = bodiesFor(teamIds);
const server = await listen(createApp(ctx).fetch, '127.0.0.1', 0, ctx.log);
const bare = await bareIngestServer();
const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

try {
  // the first write of the day inserts; every measured run re-sends it (upserts)
  const baseline = baselineWriter(bodies);
  baseline();
  const baselineMs = await best(baseline);
  console.log(`baseline, better-sqlite3 alone upserting the same rows, 100 per transaction: ${rate(TEAMS, baselineMs)}`);
  const bareMs = await best(poster(bare.url, bodies));
  console.log(`baseline, bare node:http reading, parsing and answering the same bodies, same client: ${rate(TEAMS, bareMs)}`);
  console.log(`  both in series (storage alone + HTTP alone): ${rate(TEAMS, baselineMs + bareMs)}`);

  const httpMs = await best(poster(server.url, bodies));
  console.log(`HTTP ingest, ${CHUNK}-row chunks sequentially (goal 30,000 rows/s): ${besideBaseline(httpMs, baselineMs)}`);
  console.log(`  beside storage + HTTP alone in series: ${besideBaseline(httpMs, baselineMs + bareMs, 'floor')}`);

  const file = path.join(dir, 'day.jsonl');
  fs.writeFileSync(file, bodies.map((body) => JSON.stringify(body)).join('\n'));
  const importBaselineMs = await best(baselineWriter(bodies, IMPORT_TRANSACTION_ROWS, true));
  console.log(`baseline, better-sqlite3 alone upserting the same rows in the import's order, ${IMPORT_TRANSACTION_ROWS.toLocaleString('en-US')} per transaction: ${rate(TEAMS, importBaselineMs)}`);
  const service = new PerformanceIngestService({ db: ctx.db, clock: ctx.clock, ranks: ctx.services.ranks });
  const importMs = await best(async () => {
    const started = performance.now();
    const { written } = await service.ingestAll(readIngestBodies(file));
    if (written !== TEAMS) throw new Error(`wrote ${written}`);
    return performance.now() - started;
  });
  console.log(`import-performances, JSON lines file -> ingest service (goal 100,000 rows/s): ${besideBaseline(importMs, importBaselineMs)}`);

  const inputsMs = await best(async () => {
    const started = performance.now();
    const response = await fetch(`${server.url}/internal/v1/scoring-inputs?date=${DAY}`, { headers });
    const inputs = (await response.json()) as unknown[];
    if (inputs.length !== TEAMS) throw new Error(`got ${inputs.length} inputs`);
    return performance.now() - started;
  });
  console.log(`scoring-inputs for ${TEAMS.toLocaleString('en-US')} full line-ups over HTTP: ${Math.round(inputsMs)} ms`);

  const stored = ctx.db.select().from(performances).all().length;
  if (stored !== TEAMS) throw new Error(`expected ${TEAMS} performance rows, found ${stored}`);
} finally {
  await server.close(100);
  await bare.close();
  await runtime.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
