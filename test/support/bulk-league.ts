/**
 * A league of tens of thousands of teams, written straight through the store in one
 * transaction (prepared statements on SQLite, one INSERT of arrays a table on PostgreSQL), so a test (or a bench) of a league that large starts
 * in seconds. Players, teams and their first line-ups, optionally one live contract per team
 * (debited from its ledger), and scored days with each team's totals refreshed by the store,
 * so the kept standings are what the ingest would have left.
 */
import { addDays } from '../../src/domain/dates';
import { type Database, writeTransaction } from '../../src/platform/db/database';
import { dialectOf, execute, type PgArrayType, pgArray, type Tables, tablesOf } from '../../src/platform/db/dialect';
import { sql } from 'drizzle-orm';
import { markStandingsChanged } from '../../src/features/leagues/league-versions-store';
import { refreshTotalsOfTeams } from '../../src/features/scoring/standings-store';

export interface BulkLeagueSpec {
  leagueId?: string;
  teams: number;
  /** first season day (YYYY-MM-DD); the league starts at its midnight and runs `durationDays` */
  start: string;
  durationDays?: number;
  /** scored days, from `start` on */
  scoredDays?: number;
  /** give every team one live contract bought on `start` for this many credits */
  contractPrice?: number;
}

export interface BulkLeague {
  leagueId: string;
  teamIds: string[];
  playerIds: string[];
}

/** Deterministic points with many ties (a few hundred distinct values over the whole league). */
export function bulkPoints(teamIndex: number, day: number): number {
  return ((teamIndex * 7_919 + day * 104_729) % 400) / 4;
}

export async function buildBulkLeague(db: Database, spec: BulkLeagueSpec): Promise<BulkLeague> {
  const leagueId = spec.leagueId ?? `lg_bulk_${spec.teams}`;
  const startInstant = `${spec.start}T00:00:00.000Z`;
  const duration = spec.durationDays ?? 90;
  const rows = bulkRows(leagueId, spec, startInstant, duration);
  return writeTransaction(db, async (tx) => {
    if (dialectOf(tx) === 'postgres') await insertInSets(tx, rows);
    else insertPrepared(tx, rows);
    // every day's rows first, then each team's kept totals once: what a day-by-day ingest leaves
    const teamIds = rows.teams.map((team) => team.id);
    for (let at = 0; at < teamIds.length; at += 5_000) await refreshTotalsOfTeams(tx, teamIds.slice(at, at + 5_000));
    await markStandingsChanged(tx, leagueId);
    return { leagueId, teamIds, playerIds: rows.players.map((player) => player.id) };
  });
}

type Row<Table extends keyof Tables> = Tables[Table]['$inferInsert'];

interface BulkRows {
  players: Row<'players'>[];
  league: Row<'leagues'>;
  teams: Row<'teams'>[];
  lineups: Row<'lineupVersions'>[];
  contracts: Row<'contracts'>[];
  ledger: Row<'ledgerEntries'>[];
  performances: Row<'performances'>[];
}

function bulkRows(leagueId: string, spec: BulkLeagueSpec, startInstant: string, duration: number): BulkRows {
  const rows: BulkRows = {
    players: [],
    league: {
      id: leagueId,
      name: 'Bulk League',
      domain: 'en',
      languageScale: 1,
      icon: '🏆',
      durationDays: duration,
      startDate: startInstant,
      endDate: `${addDays(spec.start, duration)}T00:00:00.000Z`,
      visibility: 'public',
      invitePolicy: 'members',
      adminId: `pl_${leagueId}_0`,
      createdAt: startInstant,
    },
    teams: [],
    lineups: [],
    contracts: [],
    ledger: [],
    performances: [],
  };
  for (let i = 0; i < spec.teams; i++) {
    const playerId = `pl_${leagueId}_${i}`;
    const username = `${leagueId}_${i}`.toLowerCase();
    rows.players.push({ id: playerId, subject: `bulk:${username}`, username, usernameKey: username, name: `Player ${i}`, email: '', picture: '', createdAt: startInstant });
    const teamId = `tm_${leagueId}_${i}`;
    // a join every few milliseconds, and some at the same instant (the team-id tie-break)
    const joinedAt = new Date(Date.parse(startInstant) + Math.floor(i / 3) * 5).toISOString();
    rows.teams.push({ id: teamId, leagueId, playerId, name: `Team ${i}`, nameKey: `team ${i}`, joinedAt });
    let positions = '{}';
    if (spec.contractPrice !== undefined) {
      const contractId = `ct_${leagueId}_${i}`;
      rows.contracts.push({
        id: contractId,
        leagueId,
        teamId,
        articleId: `Bulk_article_${i}`,
        domain: 'en',
        heldSince: spec.start,
        purchaseDate: spec.start,
        expireDate: addDays(spec.start, 30),
        purchasePrice: spec.contractPrice,
        createdAt: joinedAt,
      });
      rows.ledger.push({ teamId, contractId, kind: 'purchase', amount: -spec.contractPrice, createdAt: joinedAt });
      positions = JSON.stringify({ GK: contractId });
    }
    rows.lineups.push({ teamId, schema: '4-3-3', positions, savedAt: joinedAt });
  }
  for (let day = 0; day < (spec.scoredDays ?? 0); day++) {
    const date = addDays(spec.start, day);
    rows.teams.forEach((team, i) =>
      rows.performances.push({ teamId: team.id, date, points: bulkPoints(i, day), formationSnapshot: '{}', articleViews: '[]', chemistryLevels: '[]', createdAt: startInstant, updatedAt: startInstant }),
    );
  }
  return rows;
}

/**
 * PostgreSQL: one INSERT … SELECT FROM unnest(…) a table, each column bound as one array (a
 * multi-row VALUES list of 280,000 rows costs a minute in building and parsing alone).
 */
async function insertInSets(tx: Database, rows: BulkRows): Promise<void> {
  const write = async <T>(table: string, values: readonly T[], columns: Record<string, [PgArrayType, (row: T) => unknown]>) => {
    if (values.length === 0) return;
    const names = Object.keys(columns);
    const arrays = Object.values(columns).map(([type, pick]) => pgArray(values.map(pick), type));
    await execute(tx, sql`INSERT INTO ${sql.raw(table)} (${sql.raw(names.join(', '))}) SELECT * FROM unnest(${sql.join(arrays, sql`, `)})`);
  };
  await write('players', rows.players, {
    id: ['text', (p) => p.id],
    subject: ['text', (p) => p.subject],
    username: ['text', (p) => p.username],
    username_key: ['text', (p) => p.usernameKey],
    name: ['text', (p) => p.name],
    email: ['text', (p) => p.email],
    picture: ['text', (p) => p.picture],
    created_at: ['text', (p) => p.createdAt],
  });
  const { leagues } = tablesOf(tx);
  await tx.insert(leagues).values(rows.league);
  await write('teams', rows.teams, {
    id: ['text', (t) => t.id],
    league_id: ['text', (t) => t.leagueId],
    player_id: ['text', (t) => t.playerId],
    name: ['text', (t) => t.name],
    name_key: ['text', (t) => t.nameKey],
    joined_at: ['text', (t) => t.joinedAt],
  });
  await write('contracts', rows.contracts, {
    id: ['text', (c) => c.id],
    league_id: ['text', (c) => c.leagueId],
    team_id: ['text', (c) => c.teamId],
    article_id: ['text', (c) => c.articleId],
    domain: ['text', (c) => c.domain],
    held_since: ['text', (c) => c.heldSince],
    purchase_date: ['text', (c) => c.purchaseDate],
    expire_date: ['text', (c) => c.expireDate],
    purchase_price: ['int', (c) => c.purchasePrice],
    created_at: ['text', (c) => c.createdAt],
  });
  await write('ledger_entries', rows.ledger, {
    team_id: ['text', (e) => e.teamId],
    contract_id: ['text', (e) => e.contractId],
    kind: ['text', (e) => e.kind],
    amount: ['int', (e) => e.amount],
    created_at: ['text', (e) => e.createdAt],
  });
  await write('lineup_versions', rows.lineups, {
    team_id: ['text', (v) => v.teamId],
    schema: ['text', (v) => v.schema],
    positions: ['text', (v) => v.positions],
    saved_at: ['text', (v) => v.savedAt],
  });
  await write('performances', rows.performances, {
    team_id: ['text', (p) => p.teamId],
    date: ['text', (p) => p.date],
    points: ['float8', (p) => p.points],
    formation_snapshot: ['text', (p) => p.formationSnapshot],
    article_views: ['text', (p) => p.articleViews],
    chemistry_levels: ['text', (p) => p.chemistryLevels],
    created_at: ['text', (p) => p.createdAt],
    updated_at: ['text', (p) => p.updatedAt],
  });
}

/** SQLite: one prepared statement a table on the writer's connection (the handle itself only reads). */
function insertPrepared(tx: Database, rows: BulkRows): void {
  const client = tx.$client;
  const player = client.prepare(`INSERT INTO players (id, subject, username, username_key, name, email, picture, created_at) VALUES (?, ?, ?, ?, ?, '', '', ?)`);
  for (const p of rows.players) player.run(p.id, p.subject, p.username, p.usernameKey, p.name, p.createdAt);
  const l = rows.league;
  client
    .prepare(
      `INSERT INTO leagues (id, name, domain, language_scale, icon, duration_days, start_date, end_date, visibility, invite_policy, admin_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(l.id, l.name, l.domain, l.languageScale, l.icon, l.durationDays, l.startDate, l.endDate, l.visibility, l.invitePolicy, l.adminId, l.createdAt);
  const team = client.prepare(`INSERT INTO teams (id, league_id, player_id, name, name_key, joined_at) VALUES (?, ?, ?, ?, ?, ?)`);
  for (const t of rows.teams) team.run(t.id, t.leagueId, t.playerId, t.name, t.nameKey, t.joinedAt);
  const contract = client.prepare(
    `INSERT INTO contracts (id, league_id, team_id, article_id, domain, held_since, purchase_date, expire_date, purchase_price, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const c of rows.contracts) contract.run(c.id, c.leagueId, c.teamId, c.articleId, c.domain, c.heldSince, c.purchaseDate, c.expireDate, c.purchasePrice, c.createdAt);
  const ledger = client.prepare(`INSERT INTO ledger_entries (team_id, contract_id, kind, amount, created_at) VALUES (?, ?, ?, ?, ?)`);
  for (const e of rows.ledger) ledger.run(e.teamId, e.contractId, e.kind, e.amount, e.createdAt);
  const lineup = client.prepare(`INSERT INTO lineup_versions (team_id, schema, positions, saved_at) VALUES (?, ?, ?, ?)`);
  for (const v of rows.lineups) lineup.run(v.teamId, v.schema, v.positions, v.savedAt);
  const performance = client.prepare(
    `INSERT INTO performances (team_id, date, points, formation_snapshot, article_views, chemistry_levels, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const p of rows.performances) performance.run(p.teamId, p.date, p.points, p.formationSnapshot, p.articleViews, p.chemistryLevels, p.createdAt, p.updatedAt);
}
