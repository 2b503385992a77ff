/** Screen 3: my leagues with rank and points, join by code, the ways to more leagues. */
import { api, type League } from '../api';
import { JoinByCodeForm } from '../components/join-form';
import { leagueIsOver } from '../components/league-nav';
import { Loaded, Screen, points, useLoad } from '../components/ui';
import { queryParam } from '../router';
import { currentPlayer, rememberFormat } from '../state';

interface MyLeagueRow {
  league: League;
  rank: number | null;
  points: number | null;
  teamCount: number;
  /** a head-to-head league's table points: its rank is the table's */
  tablePoints?: number;
}

async function loadMyLeagues(): Promise<MyLeagueRow[]> {
  const [me, leagues] = await Promise.all([currentPlayer(), api.myLeagues()]);
  // The list is where a player starts: every league's tabs (Fixtures for head-to-head) are
  // known from here, whichever of its screens is opened first.
  for (const league of leagues) {
    rememberFormat(league);
  }
  return Promise.all(
    leagues.map(async (league) => {
      // A head-to-head league is ranked by its table, as on its own screen.
      if (league.format === 'head-to-head') {
        const [table, team] = await Promise.all([api.headToHead(league.id).catch(() => null), api.myTeam(league.id).catch(() => null)]);
        const row = table?.find((r) => r.teamId === team?.id);
        return { league, rank: row?.rank ?? null, points: row?.pointsFor ?? null, tablePoints: row?.tablePoints, teamCount: table?.length ?? league.teamCount };
      }
      // The player's own row only: a league of 100,000 teams never ships whole to say one rank.
      const page = await api.leaderboardAroundMe(league.id, 1).catch(() => null);
      const mine = page?.rows.find((entry) => entry.team.player.id === me.id);
      return { league, rank: mine?.rank ?? null, points: mine?.cumulativePoints ?? null, teamCount: page?.total ?? league.teamCount };
    }),
  );
}

/** A head-to-head league being played opens on the player's matchup; any other on its standings. */
function leagueHref(league: League): string {
  const base = `/leagues/${encodeURIComponent(league.id)}`;
  return league.format === 'head-to-head' && !leagueIsOver(league) ? `${base}/matchup` : base;
}

export function Home() {
  const [load, reload] = useLoad(loadMyLeagues, 'home');
  const authFailed = queryParam('error') === 'auth_failed';
  return (
    <Screen title="Your leagues">
      {authFailed && (
        <p class="refusal" role="alert">
          <span aria-hidden="true">⚠ </span>Signing in with your outside account did not work. Try again, or use a username and password.
        </p>
      )}
      <Loaded load={load} what="your leagues" retry={reload}>
        {(rows) =>
          rows.length === 0 ? (
            <div class="card empty">
              <p>You are not in any league yet.</p>
              <p>
                <a class="button primary" href="/welcome">
                  Get started
                </a>
              </p>
            </div>
          ) : (
            <ul class="league-list">
              {rows.map((row) => (
                <li key={row.league.id} class="card league-card">
                  <a href={leagueHref(row.league)} class="league-link">
                    <span class="league-icon" aria-hidden="true">
                      {row.league.icon}
                    </span>
                    <span class="league-title">{row.league.title}</span>
                  </a>
                  <p class="league-facts">
                    {row.tablePoints !== undefined
                      ? `Rank ${row.rank} of ${row.teamCount} in the table · ${row.tablePoints} table points`
                      : `${row.rank === null ? 'No points yet' : `Rank ${row.rank} of ${row.teamCount}`} · ${points(row.points ?? 0)} points`}
                    {row.league.closedAt && ' · closed'}
                  </p>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
      <h2>More leagues</h2>
      <p class="actions">
        <a class="button" href="/leagues/public">
          Browse public leagues
        </a>
        <a class="button" href="/leagues/new">
          Found a league
        </a>
      </p>
      <h2>Join with a code</h2>
      <JoinByCodeForm />
    </Screen>
  );
}
