/**
 * A league of tens of thousands of teams, written straight through the store in one
 * transaction with prepared statements, so a test (or a bench) of a league that large starts
 * in seconds. Players, teams and their first line-ups, optionally one live contract per team
 * (debited from its ledger), and scored days with each team's totals refreshed by the store,
 * so the kept standings are what the ingest would have left.
 */
import { addDays } from '../../src/domain/dates';
import { type Database, writeTransaction } from '../../src/store/database';
import { markStandingsChanged } from '../../src/store/league-versions';
import { refreshTeamTotals } from '../../src/store/standings';

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
  return writeTransaction(db, async (tx) => {
    // the writer's connection: the handle itself only reads
    const client = tx.$client;
    const player = client.prepare(
      `INSERT INTO players (id, subject, username, username_key, name, email, picture, created_at) VALUES (?, ?, ?, ?, ?, '', '', ?)`,
    );
    const team = client.prepare(`INSERT INTO teams (id, league_id, player_id, name, name_key, joined_at) VALUES (?, ?, ?, ?, ?, ?)`);
    const lineup = client.prepare(`INSERT INTO lineup_versions (team_id, schema, positions, saved_at) VALUES (?, '4-3-3', ?, ?)`);
    const contract = client.prepare(
      `INSERT INTO contracts (id, league_id, team_id, article_id, domain, held_since, purchase_date, expire_date, purchase_price, created_at)
       VALUES (?, ?, ?, ?, 'en', ?, ?, ?, ?, ?)`,
    );
    const ledger = client.prepare(`INSERT INTO ledger_entries (team_id, contract_id, kind, amount, created_at) VALUES (?, ?, 'purchase', ?, ?)`);

    const playerIds: string[] = [];
    const teamIds: string[] = [];
    for (let i = 0; i < spec.teams; i++) {
      const playerId = `pl_${leagueId}_${i}`;
      const username = `${leagueId}_${i}`.toLowerCase();
      player.run(playerId, `bulk:${username}`, username, username, `Player ${i}`, startInstant);
      playerIds.push(playerId);
    }
    client
      .prepare(
        `INSERT INTO leagues (id, name, domain, language_scale, icon, duration_days, start_date, end_date, visibility, invite_policy, admin_id, created_at)
         VALUES (?, 'Bulk League', 'en', 1, '🏆', ?, ?, ?, 'public', 'members', ?, ?)`,
      )
      .run(leagueId, duration, startInstant, `${addDays(spec.start, duration)}T00:00:00.000Z`, playerIds[0], startInstant);
    for (let i = 0; i < spec.teams; i++) {
      const teamId = `tm_${leagueId}_${i}`;
      // a join every few milliseconds, and some at the same instant (the team-id tie-break)
      const joinedAt = new Date(Date.parse(startInstant) + Math.floor(i / 3) * 5).toISOString();
      team.run(teamId, leagueId, playerIds[i], `Team ${i}`, `team ${i}`, joinedAt);
      let positions = '{}';
      if (spec.contractPrice !== undefined) {
        const contractId = `ct_${leagueId}_${i}`;
        contract.run(contractId, leagueId, teamId, `Bulk_article_${i}`, spec.start, spec.start, addDays(spec.start, 30), spec.contractPrice, joinedAt);
        ledger.run(teamId, contractId, -spec.contractPrice, joinedAt);
        positions = JSON.stringify({ GK: contractId });
      }
      lineup.run(teamId, positions, joinedAt);
      teamIds.push(teamId);
    }
    // every day's rows first, then each team's kept totals once: what a day-by-day ingest leaves
    const performance = client.prepare(
      `INSERT INTO performances (team_id, date, points, formation_snapshot, article_views, chemistry_levels, created_at, updated_at)
       VALUES (?, ?, ?, '{}', '[]', '[]', ?, ?)`,
    );
    for (let day = 0; day < (spec.scoredDays ?? 0); day++) {
      const date = addDays(spec.start, day);
      teamIds.forEach((teamId, i) => performance.run(teamId, date, bulkPoints(i, day), startInstant, startInstant));
    }
    for (const teamId of teamIds) await refreshTeamTotals(tx, teamId);
    await markStandingsChanged(tx, leagueId);
    return { leagueId, teamIds, playerIds };
  });
}
