/**
 * The deployment a morning rush meets, written straight through the store on SQLite (and
 * copied to PostgreSQL by `copy-to-postgres`'s code when that store is measured): a Global
 * League of `teams` teams with a live contract each and every day of its season scored but
 * yesterday, private leagues of PRIVATE_LEAGUE_TEAMS of its players each, the activity those
 * joins and buys left, a few in-box lines per player, and yesterday's market shelf stored.
 * Yesterday itself is scored later, over HTTP, by the running service (see scoring-engine.ts).
 */
import { addDays } from '../../src/domain/dates';
import { tierForTermDays } from '../../src/domain/pricing';
import { displayTitle } from '../../src/domain/titles';
import { GLOBAL_LEAGUE_ID } from '../../src/features/leagues/global-league';
import { type Database, writeTransaction } from '../../src/platform/db/database';
import { markStandingsChanged } from '../../src/features/leagues/league-versions-store';
import { refreshTotalsOfTeams } from '../../src/features/scoring/standings-store';
import { buildBulkLeague, bulkPoints } from '../../test/support/bulk-league';
import { seedStoredShelf } from '../../test/support/stored-shelf';

export const PRIVATE_LEAGUE_TEAMS = 20;
/** scored days before yesterday; the season started one day before the first */
const SCORED_DAYS = 19;
const CONTRACT_DAYS = 30;
const CONTRACT_PRICE = 40;

export interface Deployment {
  /** every team of every league, for the scoring engine: its id and its player's position */
  teamsToScore: { teamId: string; index: number }[];
  /** the player at `index` of the Global League (0-based): subject and name as stored */
  playerAt(index: number): { subject: string; name: string; privateLeagueId: string | null };
}

const privateLeagueId = (k: number) => `lg_rush_private_${k}`;

export async function buildDeployment(db: Database, options: { teams: number; privateLeagues: number; today: string }): Promise<Deployment> {
  const { teams, privateLeagues, today } = options;
  if (privateLeagues * PRIVATE_LEAGUE_TEAMS > teams) throw new Error(`${privateLeagues} private leagues of ${PRIVATE_LEAGUE_TEAMS} need more than ${teams} players`);
  const start = addDays(today, -(SCORED_DAYS + 1));
  const global = await buildBulkLeague(db, { leagueId: GLOBAL_LEAGUE_ID, teams, start, durationDays: 90, scoredDays: SCORED_DAYS, contractPrice: CONTRACT_PRICE });
  const teamsToScore = global.teamIds.map((teamId, index) => ({ teamId, index }));
  await writeTransaction(db, async (tx) => {
    const client = tx.$client;
    client.prepare(`UPDATE leagues SET name = 'Global League' WHERE id = ?`).run(GLOBAL_LEAGUE_ID);
    const startInstant = `${start}T00:00:00.000Z`;
    const league = client.prepare(
      `INSERT INTO leagues (id, name, domain, language_scale, icon, duration_days, start_date, end_date, visibility, invite_policy, invitation_code, admin_id, created_at)
       VALUES (?, ?, 'en', 1, '🏆', 90, ?, ?, 'private', 'members', ?, ?, ?)`,
    );
    const team = client.prepare(`INSERT INTO teams (id, league_id, player_id, name, name_key, joined_at) VALUES (?, ?, ?, ?, ?, ?)`);
    const contract = client.prepare(
      `INSERT INTO contracts (id, league_id, team_id, article_id, domain, held_since, purchase_date, expire_date, purchase_price, created_at)
       VALUES (?, ?, ?, ?, 'en', ?, ?, ?, ?, ?)`,
    );
    const ledger = client.prepare(`INSERT INTO ledger_entries (team_id, contract_id, kind, amount, created_at) VALUES (?, ?, 'purchase', ?, ?)`);
    const lineup = client.prepare(`INSERT INTO lineup_versions (team_id, schema, positions, saved_at) VALUES (?, '4-3-3', ?, ?)`);
    const performance = client.prepare(
      `INSERT INTO performances (team_id, date, points, formation_snapshot, article_views, chemistry_levels, created_at, updated_at)
       VALUES (?, ?, ?, '{}', '[]', '[]', ?, ?)`,
    );
    const activity = client.prepare(`INSERT INTO league_activity (league_id, at, kind, payload) VALUES (?, ?, ?, ?)`);
    const notification = client.prepare(
      `INSERT INTO notifications (id, player_id, league_id, team_id, contract_id, message, date, is_read, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const tier = tierForTermDays(CONTRACT_DAYS);
    const joinedAt = (i: number) => new Date(Date.parse(startInstant) + Math.floor(i / 3) * 5).toISOString();
    // what the Global League's joins and buys left in its feed, and each player's in-box lines
    for (let i = 0; i < teams; i++) {
      const teamId = global.teamIds[i]!;
      const contractId = `ct_${GLOBAL_LEAGUE_ID}_${i}`;
      const articleId = `Bulk_article_${i}`;
      const at = joinedAt(i);
      activity.run(GLOBAL_LEAGUE_ID, at, 'join', JSON.stringify({ team: { id: teamId, name: `Team ${i}` } }));
      activity.run(GLOBAL_LEAGUE_ID, at, 'buy', JSON.stringify({ team: { id: teamId, name: `Team ${i}` }, article: { id: articleId, title: displayTitle(articleId) }, tier }));
      for (let n = 0; n < 2; n++) {
        const date = addDays(today, -1 - n);
        notification.run(`nt_rush_${i}_${n}`, global.playerIds[i], GLOBAL_LEAGUE_ID, teamId, contractId, `${displayTitle(articleId)} scored on ${date}`, date, n, `${date}T06:00:00.000Z`);
      }
    }
    for (let k = 0; k < privateLeagues; k++) {
      const leagueId = privateLeagueId(k);
      league.run(leagueId, `Private league ${k}`, startInstant, `${addDays(start, 90)}T00:00:00.000Z`, `RUSH${String(k).padStart(6, '0')}`, global.playerIds[k * PRIVATE_LEAGUE_TEAMS], startInstant);
      const teamIds: string[] = [];
      for (let m = 0; m < PRIVATE_LEAGUE_TEAMS; m++) {
        const i = k * PRIVATE_LEAGUE_TEAMS + m;
        const teamId = `tm_rush_private_${k}_${m}`;
        const contractId = `ct_rush_private_${k}_${m}`;
        const articleId = `Bulk_article_${i}`;
        const at = joinedAt(m);
        team.run(teamId, leagueId, global.playerIds[i], `Team ${m}`, `team ${m}`, at);
        contract.run(contractId, leagueId, teamId, articleId, start, start, addDays(start, CONTRACT_DAYS), CONTRACT_PRICE, at);
        ledger.run(teamId, contractId, -CONTRACT_PRICE, at);
        lineup.run(teamId, JSON.stringify({ GK: contractId }), at);
        for (let day = 0; day < SCORED_DAYS; day++) performance.run(teamId, addDays(start, day), bulkPoints(i, day), startInstant, startInstant);
        activity.run(leagueId, at, 'join', JSON.stringify({ team: { id: teamId, name: `Team ${m}` } }));
        activity.run(leagueId, at, 'buy', JSON.stringify({ team: { id: teamId, name: `Team ${m}` }, article: { id: articleId, title: displayTitle(articleId) }, tier }));
        teamIds.push(teamId);
        teamsToScore.push({ teamId, index: i });
      }
      await refreshTotalsOfTeams(tx, teamIds);
      await markStandingsChanged(tx, leagueId);
    }
    // teams went in without the joins that keep each league's count
    client.prepare(`UPDATE leagues SET team_count = (SELECT count(*) FROM teams WHERE teams.league_id = leagues.id AND teams.left_at IS NULL)`).run();
  });
  await seedStoredShelf(db);
  return {
    teamsToScore,
    playerAt: (index) => ({
      subject: `bulk:${GLOBAL_LEAGUE_ID}_${index}`,
      name: `Player ${index}`,
      privateLeagueId: index < privateLeagues * PRIVATE_LEAGUE_TEAMS ? privateLeagueId(Math.floor(index / PRIVATE_LEAGUE_TEAMS)) : null,
    }),
  };
}
