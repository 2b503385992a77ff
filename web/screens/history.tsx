/**
 * A league's history across its seasons (issue 39): each season's champion and podium, and
 * "you against each friend", all-time, over every final matchup of every season. The admin
 * starts the next season from here once this one is over.
 */
import { api, type Rivalry, type SeasonHistory } from '../api';
import { LeagueNav, leagueIsOver } from '../components/league-nav';
import { NextSeason } from '../components/next-season';
import { Loaded, Screen, day, leagueIsGone, points, useLoad } from '../components/ui';
import { rememberFormat } from '../state';

const PLACES = ['1st', '2nd', '3rd'];
/** Teams read from each season's standings to name the rivals: a league of friends fits in one page. */
const RIVALS_PAGE = 100;

function SeasonCard(props: { season: SeasonHistory; current: boolean }) {
  const { season } = props;
  const headingId = `season-${season.season}`;
  return (
    <li class="card season-card">
      <h3 id={headingId}>
        {props.current ? (
          `Season ${season.season} (this league)`
        ) : (
          <a href={`/leagues/${encodeURIComponent(season.leagueId)}`}>Season {season.season}</a>
        )}
      </h3>
      <p class="sub">
        {day(season.startDate)} – {day(season.endDate)}
      </p>
      {season.champion ? (
        <p class="champion">
          <span aria-hidden="true">🏆 </span>
          Champion: <strong>{season.champion.teamName}</strong>
        </p>
      ) : (
        <p>No champion yet: the season is still being played.</p>
      )}
      {season.podium.length > 0 && (
        <ol class="plain podium-list" aria-label={`Season ${season.season} podium`}>
          {season.podium.map((placed) => (
            <li key={placed.playerId}>
              <strong>{PLACES[placed.place - 1] ?? `${placed.place}th`}</strong> {placed.teamName}
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}

/** A rival's name: the player's, from any season's standings, with the team they played as. */
interface Rival {
  name: string;
  team: string | null;
}

function Rivalries(props: { rows: Rivalry[]; rivals: ReadonlyMap<string, Rival> }) {
  if (props.rows.length === 0) return <p class="card empty">No final matchup against a friend yet: your record starts after your first round.</p>;
  return (
    <div class="table-wrap">
      <table class="rivalries">
        <caption class="visually-hidden">You against each friend, all seasons: won, drawn, lost, points for and against</caption>
        <thead>
          <tr>
            <th scope="col">Friend</th>
            <th scope="col" class="num">
              <abbr title="won">W</abbr>
            </th>
            <th scope="col" class="num">
              <abbr title="drawn">D</abbr>
            </th>
            <th scope="col" class="num">
              <abbr title="lost">L</abbr>
            </th>
            <th scope="col" class="num">
              For
            </th>
            <th scope="col" class="num">
              <abbr title="against">Agst</abbr>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={row.playerB}>
              <th scope="row">
                {props.rivals.get(row.playerB)?.name ?? 'A former member'}
                <span class="sub">
                  {props.rivals.get(row.playerB)?.team ? `${props.rivals.get(row.playerB)?.team} · ` : ''}
                  {recordWords(row)}
                </span>
              </th>
              <td class="num">{row.won}</td>
              <td class="num">{row.drawn}</td>
              <td class="num">{row.lost}</td>
              <td class="num">{points(row.pointsFor)}</td>
              <td class="num">{points(row.pointsAgainst)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Who leads the rivalry, in words: never left to the figures alone. */
function recordWords(row: Rivalry): string {
  if (row.won > row.lost) return 'you lead';
  if (row.won < row.lost) return 'they lead';
  return 'level';
}

/**
 * Rivalries name players by id: their names come from the standings of the chain's seasons,
 * the newest first, so a rival who has left is still named by the season they played in.
 */
async function rivalsOf(seasons: readonly SeasonHistory[]): Promise<Map<string, Rival>> {
  const rivals = new Map<string, Rival>();
  const pages = await Promise.all([...seasons].reverse().map((season) => api.leaderboardPage(season.leagueId, RIVALS_PAGE).catch(() => null)));
  for (const page of pages) {
    for (const entry of page?.rows ?? []) {
      if (!rivals.has(entry.team.player.id)) rivals.set(entry.team.player.id, { name: entry.team.player.name, team: entry.team.name });
    }
  }
  return rivals;
}

export function HistoryScreen(props: { id: string }) {
  const [load, reload] = useLoad(async () => {
    const [league, role, seasons, rivalries] = await Promise.all([api.league(props.id), api.myRole(props.id), api.history(props.id), api.rivalries(props.id)]);
    rememberFormat(league);
    return { league, role, seasons, rivalries, rivals: await rivalsOf(seasons) };
  }, `${props.id}/history`);
  const ready = load.status === 'ready' ? load.data : null;
  return (
    <Screen title={ready ? `History · ${ready.league.title}` : 'History'} heading="History">
      {!leagueIsGone(load) && <LeagueNav id={props.id} title={ready?.league.title} archived={ready ? leagueIsOver(ready.league) : false} />}
      <Loaded load={load} what="the league’s history" retry={reload} leagueId={props.id}>
        {({ league, role, seasons, rivalries, rivals }) => (
          <>
            {role.isAdmin && <NextSeason league={league} />}
            <section aria-labelledby="rivalries-heading">
              <h2 id="rivalries-heading">You against each friend</h2>
              <p class="hint">Every final matchup of every season, from your side.</p>
              <Rivalries rows={rivalries} rivals={rivals} />
            </section>
            <section aria-labelledby="seasons-heading">
              <h2 id="seasons-heading">Seasons</h2>
              <ol class="seasons" aria-label="Seasons, newest first" reversed>
                {[...seasons].reverse().map((season) => (
                  <SeasonCard key={season.leagueId} season={season} current={season.leagueId === league.id} />
                ))}
              </ol>
            </section>
          </>
        )}
      </Loaded>
    </Screen>
  );
}
