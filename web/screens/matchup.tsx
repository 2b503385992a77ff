/**
 * A head-to-head league's first sight (issue 39): one matchup of a round, both line-ups side by
 * side, the score as it runs, the days left and the time until today's line-up counts. The
 * player's own team reads first, on the left; the League average has no line-up and says so.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, type MatchupDetail, type MatchupSide } from '../api';
import { roundDates, roundTimeWords } from '../components/head-to-head';
import { LeagueNav, leagueIsOver } from '../components/league-nav';
import { Loaded, Screen, day, leagueIsGone, points, useLoad } from '../components/ui';
import { queryParam } from '../router';
import { sentenceFor } from '../errors';
import { rememberFormat } from '../state';
import { roundCount } from '../../src/domain/head-to-head';
import { DAY_MS } from '../../src/domain/dates';

export const STAGE_WORDS = { regular: null, 'quarter-final': 'Quarter-final', 'semi-final': 'Semi-final', final: 'Final' } as const;
const STATUS_WORDS = { upcoming: 'Upcoming', live: 'Being played', final: 'Final' } as const;
/** Answers that another round or the fixtures put right: said in words, with the way there. */
const STAYING_CODES = new Set(['ROUND_NOT_FOUND', 'LEAGUE_NOT_HEAD_TO_HEAD', 'MATCHUP_NOT_FOUND']);

function wholeNumberParam(name: string): number | undefined {
  const asked = Number(queryParam(name) ?? '');
  return Number.isInteger(asked) && asked >= 1 ? asked : undefined;
}

/** Hours and minutes to the next midnight UTC, when the day's line-up is the one that scores. */
export function untilMidnightWords(now: number): string {
  const left = Math.max(0, DAY_MS - (now % DAY_MS));
  const minutes = Math.ceil(left / 60_000);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours === 0 ? `${rest} min` : `${hours} h ${rest} min`;
}

/** The clock ticking once a minute, only while the screen shows it. */
function useMinuteClock(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function isMine(side: MatchupSide, myTeamId: string | null): boolean {
  return side.teamId !== null && side.teamId === myTeamId;
}

function sideName(side: MatchupSide, myTeamId: string | null): string {
  return isMine(side, myTeamId) ? `You (${side.teamName})` : side.teamName;
}

/** The result in words from the side read first ("You won", "Draw"); null until the round is final. */
function resultWords(matchup: MatchupDetail, playoff: boolean, first: 'home' | 'away', myTeamId: string | null): string | null {
  if (matchup.result === null) return null;
  if (matchup.result === 'draw') return playoff ? 'Draw: the higher seed, at home, goes through' : 'Draw';
  const winner = matchup[matchup.result];
  if (isMine(winner, myTeamId)) return 'You won';
  if (isMine(matchup[first], myTeamId)) return 'You lost';
  return `${winner.teamName} won`;
}

function Lineup(props: { side: MatchupSide; headingId: string; myTeamId: string | null }) {
  const { side } = props;
  return (
    <section class="lineup-side" aria-labelledby={props.headingId}>
      <h3 id={props.headingId}>
        {sideName(side, props.myTeamId)}
        <span class="sub">{points(side.points)} points</span>
      </h3>
      {side.lineup === null ? (
        <p class="hint">The League average has no line-up: it scores the mean round points of every other team.</p>
      ) : side.lineup.length === 0 ? (
        <p class="hint">No article fielded.</p>
      ) : (
        <ol class="lineup-list">
          {side.lineup.map((place) => (
            <li key={place.position}>
              <abbr class="pos" title={`position ${place.position}`}>
                {place.position}
              </abbr>
              <span class="title">{place.title}</span>
              <span class="num">{points(place.points)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function MatchupScreen(props: { id: string }) {
  const round = wholeNumberParam('round');
  const team = queryParam('team') ?? undefined;
  const now = useMinuteClock();
  const [load, reload] = useLoad(async () => {
    // the round's fixtures name its stage (a playoff round) beside the one matchup
    const [league, matchup, fixtures, mine] = await Promise.all([
      api.league(props.id),
      api.matchup(props.id, round, team),
      api.fixtures(props.id, round),
      api.myTeam(props.id).catch(() => null),
    ]);
    rememberFormat(league);
    return { league, matchup, stage: fixtures.stage, myTeamId: mine?.id ?? null, rounds: league.roundDays ? roundCount(league, league.roundDays) : 0 };
  }, `${props.id}/matchup/${round ?? 'now'}/${team ?? 'mine'}`);
  const base = `/leagues/${encodeURIComponent(props.id)}`;
  const ready = load.status === 'ready' ? load.data : null;
  const stage = ready ? STAGE_WORDS[ready.stage] : null;
  const title = ready ? `Round ${ready.matchup.round}${stage ? ` · ${stage}` : ''}` : 'Matchup';
  return (
    <Screen title={ready ? `${title} · ${ready.league.title}` : title} heading={ready?.league.title ?? 'Matchup'}>
      {!leagueIsGone(load) && <LeagueNav id={props.id} title={ready?.league.title} archived={ready ? leagueIsOver(ready.league) : false} />}
      {load.status === 'failed' && STAYING_CODES.has(load.code) ? (
        <div class="failed" role="alert">
          <p>
            <strong>{sentenceFor(load.code)}</strong>
          </p>
          <p class="actions">
            {load.code !== 'LEAGUE_NOT_HEAD_TO_HEAD' && (
              <a class="button primary" href={round ? `${base}/fixtures?round=${round}` : `${base}/fixtures`}>
                See every matchup of the round
              </a>
            )}
            <a class="button" href={base}>
              Go to the standings
            </a>
          </p>
        </div>
      ) : (
        <Loaded load={load} what="the matchup" retry={reload} leagueId={props.id}>
          {({ matchup, myTeamId, rounds }) => {
            const first = isMine(matchup.away, myTeamId) ? 'away' : 'home';
            const second = first === 'home' ? 'away' : 'home';
            const left = matchup[first];
            const right = matchup[second];
            const result = resultWords(matchup, stage !== null, first, myTeamId);
            const playing = matchup.status === 'live';
            const teamQuery = team ? `&team=${encodeURIComponent(team)}` : '';
            return (
              <>
                <section class="card scoreboard" aria-labelledby="matchup-heading">
                  <h2 id="matchup-heading">
                    Round {matchup.round} of {rounds}
                    {stage ? ` · ${stage}` : ''}
                  </h2>
                  <p class="sub">
                    {roundDates(matchup)} · {STATUS_WORDS[matchup.status]}
                    {playing ? `, ${roundTimeWords(matchup, new Date(now))}` : ''}
                  </p>
                  <p class="score-line" aria-label={`${sideName(left, myTeamId)} ${points(left.points)}, ${sideName(right, myTeamId)} ${points(right.points)}`}>
                    <span class="side">
                      <span class="side-name">{sideName(left, myTeamId)}</span>
                      <span class="side-points">{points(left.points)}</span>
                    </span>
                    <span class="versus" aria-hidden="true">
                      –
                    </span>
                    <span class="side">
                      <span class="side-name">{sideName(right, myTeamId)}</span>
                      <span class="side-points">{points(right.points)}</span>
                    </span>
                  </p>
                  <p class="outcome">
                    <strong>{result ?? (matchup.status === 'upcoming' ? 'Not started' : 'Points so far')}</strong>
                  </p>
                  {playing && (
                    <p class="clock">
                      <span aria-hidden="true">⏱ </span>Today’s line-up counts in <strong>{untilMidnightWords(now)}</strong> (at midnight UTC).
                      {myTeamId && (isMine(left, myTeamId) || isMine(right, myTeamId)) && (
                        <>
                          {' '}
                          <a href={`${base}/lineup`}>Set your line-up</a>
                        </>
                      )}
                    </p>
                  )}
                  {playing && <p class="hint">Each day is added when it is scored at 05:00 UTC the next morning.</p>}
                </section>
                <section aria-labelledby="lineups-heading">
                  <h2 id="lineups-heading">Line-ups</h2>
                  <div class="lineups">
                    <Lineup side={left} headingId="lineup-left" myTeamId={myTeamId} />
                    <Lineup side={right} headingId="lineup-right" myTeamId={myTeamId} />
                  </div>
                </section>
                {(left.days.length > 0 || right.days.length > 0) && <DayByDay left={left} right={right} myTeamId={myTeamId} />}
                <nav class="row pager" aria-label="Rounds">
                  {matchup.round > 1 ? (
                    <a class="button" href={`${base}/matchup?round=${matchup.round - 1}${teamQuery}`}>
                      <span aria-hidden="true">←</span>
                      {`Round ${matchup.round - 1}`}
                    </a>
                  ) : (
                    <span />
                  )}
                  {matchup.round < rounds ? (
                    <a class="button" href={`${base}/matchup?round=${matchup.round + 1}${teamQuery}`}>
                      {`Round ${matchup.round + 1}`}
                      <span aria-hidden="true">→</span>
                    </a>
                  ) : null}
                </nav>
                <p>
                  <a href={`${base}/fixtures?round=${matchup.round}`}>All matchups of round {matchup.round}</a>
                </p>
              </>
            );
          }}
        </Loaded>
      )}
    </Screen>
  );
}

/** Each scored day's points for both sides: how the score got where it is. */
function DayByDay(props: { left: MatchupSide; right: MatchupSide; myTeamId: string | null }) {
  const dates = [...new Set([...props.left.days, ...props.right.days].map((d) => d.date))].sort();
  const on = (side: MatchupSide, date: string) => side.days.find((d) => d.date === date)?.points;
  return (
    <section aria-labelledby="days-heading">
      <h2 id="days-heading">Day by day</h2>
      <table class="compact day-by-day">
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col" class="num">
              {isMine(props.left, props.myTeamId) ? 'You' : props.left.teamName}
            </th>
            <th scope="col" class="num">
              {isMine(props.right, props.myTeamId) ? 'You' : props.right.teamName}
            </th>
          </tr>
        </thead>
        <tbody>
          {dates.map((date) => (
            <tr key={date}>
              <th scope="row">{day(date)}</th>
              <td class="num">{points(on(props.left, date))}</td>
              <td class="num">{points(on(props.right, date))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
