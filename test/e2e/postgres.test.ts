/**
 * Issue 26, the PostgreSQL store through the built binary against a real PostgreSQL server (a
 * throwaway cluster, test/support/postgres-cluster.ts): `migrate` applies PostgreSQL's own
 * migrations, `copy-to-postgres` moves a whole SQLite store over and checks it, `status` and
 * `prune` run on it, the verbs that read SQLite's file itself refuse in one line, and the URL's
 * password is never printed.
 * test/e2e/two-instances.test.ts serves the game from it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as pgSchema from '../../src/platform/db/schema/postgres';
import { closeDatabase, openDatabase, writerOf } from '../../src/platform/db/database';
import { creditsOfTeams } from '../../src/features/contracts/ledger-store';
import { buildBulkLeague, type BulkLeague } from '../support/bulk-league';
import { type PostgresCluster, startPostgresCluster } from '../support/postgres-cluster';

const binary = path.resolve(__dirname, '../../dist/fantasy');
const PASSWORD = 'pg-Secret-7f3a9c';
/** more performances than the copy's progress threshold (10,000 rows), so it reports progress */
const TEAMS = 4_000;
const SCORED_DAYS = 3;

const pgTables = (Object.values(pgSchema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
const tableNames = pgTables.map((table) => getTableName(table)).sort();

let cluster: PostgresCluster;

beforeAll(async () => {
  cluster = await startPostgresCluster();
}, 120_000);

afterAll(async () => {
  await cluster?.stop();
});

function emptyFolder(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-pg-e2e-'));
}

/** The binary in a fresh shell's environment plus `env`. */
function fantasy(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  const result = spawnSync(binary, args, {
    cwd: options.cwd ?? emptyFolder(),
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: os.tmpdir(), ...options.env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** `database`'s URL with the password in it (trust authentication takes any). */
const withPassword = (url: string) => url.replace('postgres://postgres@', `postgres://postgres:${PASSWORD}@`);

describe('fantasy migrate with a PostgreSQL databaseUrl', () => {
  it('creates every table and index of the schema, says what it applied, and applies nothing the second time', async () => {
    const url = withPassword(await cluster.createDatabase());
    const database = new URL(url).pathname.slice(1);
    const first = fantasy(['migrate'], { env: { FANTASY_DATABASE_URL: url } });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const shown = `postgres://postgres:********@127.0.0.1:${cluster.port}/${database}`;
    expect(first.stdout).toBe(`applied 7 migration(s) to ${shown}: 0000_initial, 0001_seed_language_scales, 0002_kept_running_sums, 0003_problem_reports, 0004_seasons_and_playoffs, 0005_kept_team_count, 0006_head_to_head_table_ranked_on_read (7 in all)\n`);

    const tables = await cluster.query<{ table_name: string }>(database, `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`);
    expect(tables.map((row) => row.table_name).sort()).toEqual(tableNames);
    const indexes = await cluster.query<{ indexname: string }>(database, `SELECT indexname FROM pg_indexes WHERE schemaname = 'public'`);
    const schemaIndexes = pgTables.flatMap((table) => getTableConfig(table).indexes.map((index) => index.config.name!));
    expect(indexes.map((row) => row.indexname)).toEqual(expect.arrayContaining(schemaIndexes));
    // the same seeds as SQLite's migration 0001
    const scales = await cluster.query(database, 'SELECT domain, scale FROM language_scales ORDER BY domain');
    expect(scales).toEqual([
      { domain: 'en', scale: 1 },
      { domain: 'it', scale: 13.9 },
    ]);

    const again = fantasy(['migrate'], { env: { FANTASY_DATABASE_URL: url } });
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(`applied 0 migration(s) to ${shown} (7 in all)\n`);
    for (const output of [first.stdout, again.stdout]) expect(output).not.toContain(PASSWORD);
  }, 60_000);

  it('fails in one line without the password when the server is not there', async () => {
    const closed = `postgres://postgres:${PASSWORD}@127.0.0.1:1/fantasy`;
    const result = fantasy(['migrate'], { env: { FANTASY_DATABASE_URL: closed } });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^fantasy: cannot connect to PostgreSQL at postgres:\/\/postgres:\*{8}@127\.0\.0\.1:1\/fantasy: .*ECONNREFUSED.*\n$/);
    expect(result.stderr).not.toContain(PASSWORD);
  });
});

describe('the operator’s other verbs with a PostgreSQL databaseUrl', () => {
  it.each([['backup', 'copy.sqlite'], ['check']])('%s refuses at start in one line and exits 1', async (verb, ...args) => {
    const url = withPassword(cluster.urlOf('postgres'));
    const cwd = emptyFolder();
    const result = fantasy([verb, ...args], { cwd, env: { FANTASY_DATABASE_URL: url } });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `fantasy: ${verb} works on the SQLite file only: databaseUrl selects PostgreSQL, whose own tools do this ` +
        '(pg_dump for a backup, amcheck for damage); unset databaseUrl (FANTASY_DATABASE_URL) to use the SQLite file\n',
    );
    // it opened nothing: no SQLite file appeared beside it
    expect(fs.existsSync(path.join(cwd, 'data'))).toBe(false);
  });

  it('status and prune run on it: status names the database by its masked URL and leaves an unmigrated one as it is', async () => {
    const url = withPassword(await cluster.createDatabase());
    const database = new URL(url).pathname.slice(1);
    const env = { FANTASY_DATABASE_URL: url };
    // status only reads: before any migration it fails and creates nothing
    const early = fantasy(['status'], { env });
    expect(early.code).toBe(1);
    expect(early.stderr).not.toContain(PASSWORD);
    expect(await cluster.query(database, `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`)).toEqual([]);

    expect(fantasy(['migrate'], { env }).code).toBe(0);
    const status = fantasy(['status', '--json'], { env });
    expect(status.stderr).toBe('');
    expect(status.code).toBe(0);
    const report = JSON.parse(status.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({ databasePath: `postgres://postgres:********@127.0.0.1:${cluster.port}/${database}`, unscoredDays: [], attention: [] });
    expect(report.databaseBytes).toBeGreaterThan(0);
    const human = fantasy(['status'], { env });
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('Nothing needs you.');

    const prune = fantasy(['prune'], { env });
    expect({ code: prune.code, stdout: prune.stdout }).toEqual({ code: 0, stdout: 'pruned 0 view series, 0 cached answers, 0 rate-limit hits\n' });
    // the run is recorded as the housekeeping job's, as the 06:30 job's would be
    const after = JSON.parse(fantasy(['status', '--json'], { env }).stdout) as { jobs: { name: string; lastRun: { outcome: string } | null }[] };
    expect(after.jobs.find((job) => job.name === 'housekeeping')?.lastRun?.outcome).toBe('ok');
    for (const output of [early, status, human, prune]) expect(output.stdout + output.stderr).not.toContain(PASSWORD);
  }, 60_000);

  it('fantasy config prints the URL with its password masked, in text and JSON', () => {
    const url = `postgresql://fantasy:${PASSWORD}@db.example:5432/fantasy?sslmode=require`;
    const text = fantasy(['config'], { env: { FANTASY_DATABASE_URL: url } });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^databaseUrl\s+postgresql:\/\/fantasy:\*{8}@db\.example:5432\/fantasy\?sslmode=require\s+\[environment\]$/m);
    const json = fantasy(['config', '--json'], { env: { FANTASY_DATABASE_URL: url } });
    expect(JSON.parse(json.stdout).keys.databaseUrl).toEqual({ value: 'postgresql://fantasy:********@db.example:5432/fantasy?sslmode=require', source: 'environment' });
    for (const output of [text.stdout, text.stderr, json.stdout, json.stderr]) expect(output).not.toContain(PASSWORD);
  });

  it('a databaseUrl that is no PostgreSQL URL stops every verb with one line naming the key, never the value', () => {
    const result = fantasy(['migrate'], { env: { FANTASY_DATABASE_URL: `mysql://fantasy:${PASSWORD}@db.example/fantasy` } });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('fantasy: configuration key databaseUrl: must be a postgres:// or postgresql:// URL\n');
  });
});

describe('fantasy copy-to-postgres', () => {
  let folder: string;
  let sqliteFile: string;
  let league: BulkLeague;
  let expectedCredits: Map<string, number>;
  let expectedCounts: Map<string, number>;

  beforeAll(async () => {
    folder = emptyFolder();
    sqliteFile = path.join(folder, 'fantasy.db');
    const db = openDatabase(sqliteFile, { migrate: true });
    try {
      // a league, teams with contracts (their purchases in the ledger), line-ups and scored days
      league = await buildBulkLeague(db, { teams: TEAMS, start: '2026-05-01', scoredDays: SCORED_DAYS, contractPrice: 40 });
      // the handle only reads: the set-up's own rows go through the connection that writes
      const client = writerOf(db).$client;
      // rows the bulk league lacks: a sale (credits that differ between teams), a renewal
      // elected (a boolean), a notification, activity, a rate-limit hit (epoch milliseconds)
      client.prepare(`UPDATE contracts SET status = 'sold', sale_payout = 55, closed_on = '2026-05-03' WHERE team_id = ?`).run(league.teamIds[1]);
      client
        .prepare(`INSERT INTO ledger_entries (team_id, contract_id, kind, amount, created_at) VALUES (?, ?, 'sale_payout', 55, '2026-05-03T09:00:00.000Z')`)
        .run(league.teamIds[1], `ct_${league.leagueId}_1`);
      client.prepare(`UPDATE contracts SET renewal_elected = 1 WHERE team_id = ?`).run(league.teamIds[2]);
      client
        .prepare(
          `INSERT INTO notifications (id, player_id, league_id, team_id, contract_id, message, date, is_read, created_at)
           VALUES ('nt_1', ?, ?, ?, ?, 'Your contract was sold', '2026-05-03', 1, '2026-05-03T09:00:00.000Z')`,
        )
        .run(league.playerIds[1], league.leagueId, league.teamIds[1], `ct_${league.leagueId}_1`);
      client
        .prepare(`INSERT INTO league_activity (league_id, at, kind, payload) VALUES (?, '2026-05-03T09:00:00.000Z', 'early-sale', '{"team":"Team 1"}')`)
        .run(league.leagueId);
      client.prepare(`INSERT INTO rate_limit_hits (bucket, subject, at_ms) VALUES ('genie', ?, 1777777777777)`).run(league.playerIds[3]);
      expectedCredits = await creditsOfTeams(db, league.teamIds);
      expectedCounts = new Map(
        tableNames.map((name) => [name, (db.$client.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n]),
      );
    } finally {
      closeDatabase(db);
    }
  }, 120_000);

  it('copies every row into an empty database, checks counts and credits, and reports both', async () => {
    const url = withPassword(await cluster.createDatabase());
    const database = new URL(url).pathname.slice(1);
    const result = fantasy(['copy-to-postgres', url, '--database', sqliteFile], { cwd: folder });
    expect(result.stderr.split('\n').filter((line) => line && !line.startsWith('{'))).toEqual([]);
    expect(result.code).toBe(0);
    const shown = `postgres://postgres:********@127.0.0.1:${cluster.port}/${database}`;
    const lines = result.stdout.trimEnd().split('\n');
    // it migrated the empty database first, then copied, then checked
    expect(lines[0]).toBe(`applied 7 migration(s) to ${shown}: 0000_initial, 0001_seed_language_scales, 0002_kept_running_sums, 0003_problem_reports, 0004_seasons_and_playoffs, 0005_kept_team_count, 0006_head_to_head_table_ranked_on_read`);
    expect(lines[1]).toBe(`copied ${sqliteFile} to ${shown}:`);
    const rows = Object.fromEntries(lines.slice(2, -1).map((line) => line.trim().split(/\s+/)).map(([name, n]) => [name, Number(n)]));
    expect(rows).toEqual(Object.fromEntries(expectedCounts));
    expect(rows.performances).toBe(TEAMS * SCORED_DAYS);
    const total = [...expectedCounts.values()].reduce((sum, n) => sum + n, 0);
    expect(lines.at(-1)).toBe(`checked: row counts match in all ${tableNames.length} tables (${total} rows), credits match for all ${TEAMS} teams`);
    // progress of the big tables on stderr as JSON log lines, never the password
    const progress = result.stderr
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { message: string; job: string; done: number; total: number });
    expect(progress).toContainEqual(expect.objectContaining({ message: 'progress', job: 'copy-to-postgres performances', done: TEAMS * SCORED_DAYS, total: TEAMS * SCORED_DAYS }));
    expect(result.stdout + result.stderr).not.toContain(PASSWORD);

    // the rows themselves, read back from PostgreSQL with its own types
    for (const [name, count] of expectedCounts) {
      const [{ n }] = await cluster.query<{ n: number }>(database, `SELECT count(*)::int AS n FROM "${name}"`);
      expect(n, name).toBe(count);
    }
    const credits = await cluster.query<{ id: string; credits: number }>(
      database,
      'SELECT t.id, 1000 + coalesce(sum(l.amount), 0)::int AS credits FROM teams t LEFT JOIN ledger_entries l ON l.team_id = t.id GROUP BY t.id',
    );
    expect(new Map(credits.map((row) => [row.id, row.credits]))).toEqual(expectedCredits);
    expect(expectedCredits.get(league.teamIds[1])).toBe(1_000 - 40 + 55);
    const [elected] = await cluster.query(database, 'SELECT renewal_elected, status FROM contracts WHERE team_id = $1', [league.teamIds[2]]);
    expect(elected).toEqual({ renewal_elected: true, status: 'live' });
    const [hit] = await cluster.query(database, 'SELECT at_ms::text AS at_ms FROM rate_limit_hits');
    expect(hit).toEqual({ at_ms: '1777777777777' });
    const [day] = await cluster.query(database, 'SELECT points, created_at FROM performances WHERE team_id = $1 AND date = $2', [league.teamIds[7], '2026-05-02']);
    expect(day).toEqual({ points: ((7 * 7_919 + 104_729) % 400) / 4, created_at: '2026-05-01T00:00:00.000Z' });
    // the copied ids did not leave the sequences behind: a new row takes the next id
    const [next] = await cluster.query<{ id: string }>(
      database,
      `INSERT INTO ledger_entries (team_id, contract_id, kind, amount, created_at) VALUES ($1, $2, 'purchase', -1, 'now') RETURNING id::text AS id`,
      [league.teamIds[0], `ct_${league.leagueId}_0`],
    );
    expect(Number(next.id)).toBe(expectedCounts.get('ledger_entries')! + 1);

    // a second copy into the now non-empty database is refused, and changes nothing there
    const again = fantasy(['copy-to-postgres', url, '--database', sqliteFile], { cwd: folder });
    expect(again.code).toBe(1);
    expect(again.stdout).toBe('');
    expect(again.stderr).toMatch(/^fantasy: the PostgreSQL database is not empty \(table \w+ has rows\): copy-to-postgres fills only an empty one\n$/);
    const [{ n: players }] = await cluster.query<{ n: number }>(database, 'SELECT count(*)::int AS n FROM players');
    expect(players).toBe(expectedCounts.get('players'));
  }, 180_000);

  it('a URL it cannot reach, or no PostgreSQL URL at all, fails in one line without the password', () => {
    const unreachable = fantasy(['copy-to-postgres', `postgres://postgres:${PASSWORD}@127.0.0.1:1/fantasy`, '--database', sqliteFile], { cwd: folder });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stdout).toBe('');
    expect(unreachable.stderr).toMatch(/^fantasy: cannot connect to PostgreSQL at postgres:\/\/postgres:\*{8}@127\.0\.0\.1:1\/fantasy: [^\n]+\n$/);

    const missing = fantasy(['copy-to-postgres', withPassword(cluster.urlOf('no_such_database')), '--database', sqliteFile], { cwd: folder });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^fantasy: cannot connect to PostgreSQL at postgres:\/\/postgres:\*{8}@127\.0\.0\.1:\d+\/no_such_database: database "no_such_database" does not exist\n$/);

    const wrongKind = fantasy(['copy-to-postgres', `mysql://fantasy:${PASSWORD}@db.example/fantasy`, '--database', sqliteFile], { cwd: folder });
    expect(wrongKind.code).toBe(1);
    expect(wrongKind.stderr).toBe('fantasy: copy-to-postgres: URL must be a postgres:// or postgresql:// URL\n');
    for (const output of [unreachable, missing, wrongKind].flatMap((result) => [result.stdout, result.stderr])) expect(output).not.toContain(PASSWORD);
  }, 60_000);
});
