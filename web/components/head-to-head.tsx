/**
 * Head-to-head leagues (issue 24) in words: a round's matchups, the player's own one, and
 * the table of wins. A result is always written out ("You won", "Draw"), never shown by
 * colour alone; the league average reads "League average".
 */
import type { Fixtures, HeadToHeadRow } from '../api';
import { daysBetween, utcDay } from '../../src/domain/dates';
import { day, points } from './ui';

type Matchup = Fixtures['matchups'][number];
type Side = Matchup['home'];

/** A side's name as the player reads it: "You" for their own team. */
function sideName(side: Side, myTeamId: string | null): string {
  return side.teamId !== null && side.teamId === myTeamId ? 'You' : side.teamName;
}

/** Who won a final matchup, in words; null while the round is not final. */
export function resultWords(matchup: Matchup, myTeamId: string | null): string | null {
  // a forfeit is decided as soon as the team leaves, whatever the points still to come
  if (matchup.forfeitedBy) {
    // a departure decides the matchup, not the points: say so, or the score reads wrong
    const leaver = matchup.forfeitedBy === 'home' ? matchup.home : matchup.away;
    const winner = matchup.forfeitedBy === 'home' ? matchup.away : matchup.home;
    const leaverName = leaver.teamId !== null && leaver.teamId === myTeamId ? 'You' : leaver.teamName;
    const winnerWords = winner.teamId !== null && winner.teamId === myTeamId ? 'you win' : `${winner.teamName} wins`;
    return `${leaverName} left the league and forfeit${leaverName === 'You' ? '' : 's'}: ${winnerWords}`;
  }
  if (matchup.result === null) return null;
  if (matchup.result === 'draw') return 'Draw';
  const winner = matchup.result === 'home' ? matchup.home : matchup.away;
  return winner.teamId !== null && winner.teamId === myTeamId ? 'You won' : `${winner.teamName} won`;
}

/** "You lost" where "Bob won" would be the other side's way of saying it. */
function myResultWords(matchup: Matchup, myTeamId: string): string | null {
  if (matchup.forfeitedBy) return resultWords(matchup, myTeamId);
  if (matchup.result === null) return null;
  if (matchup.result === 'draw') return 'Draw';
  const mine = matchup.home.teamId === myTeamId ? 'home' : 'away';
  return matchup.result === mine ? 'You won' : 'You lost';
}

export function myMatchup(fixtures: Fixtures, myTeamId: string | null): Matchup | null {
  if (myTeamId === null) return null;
  return fixtures.matchups.find((m) => m.home.teamId === myTeamId || m.away.teamId === myTeamId) ?? null;
}

/** The player's matchup turned so their own team reads first ("You 42.1 – 38.0 Bob"). */
function fromMySide(matchup: Matchup, myTeamId: string): Matchup {
  if (matchup.home.teamId === myTeamId) return matchup;
  const result = matchup.result === 'home' ? 'away' : matchup.result === 'away' ? 'home' : matchup.result;
  const forfeitedBy = matchup.forfeitedBy === 'home' ? 'away' : matchup.forfeitedBy === 'away' ? 'home' : undefined;
  return { home: matchup.away, away: matchup.home, result, ...(forfeitedBy ? { forfeitedBy } : {}) };
}

/** Where a round stands by the clock: "2 days left", "starts 3 Dec 2026", "final". */
export function roundTimeWords(fixtures: Pick<Fixtures, 'status' | 'startDate' | 'endDate'>, now = new Date()): string {
  if (fixtures.status === 'final') return 'final';
  if (fixtures.status === 'upcoming') return `starts ${day(fixtures.startDate)}`;
  const left = daysBetween(utcDay(now), fixtures.endDate) + 1;
  if (left <= 0) return 'last day being scored (by 05:00 UTC)';
  return left === 1 ? 'last day' : `${left} days left`;
}

export function roundDates(fixtures: Pick<Fixtures, 'startDate' | 'endDate'>): string {
  return fixtures.startDate === fixtures.endDate ? day(fixtures.startDate) : `${day(fixtures.startDate)} – ${day(fixtures.endDate)}`;
}

/** One matchup as a line: "You 42.1 – 38.0 Bob", then its result in words. */
export function MatchupLine(props: { matchup: Matchup; myTeamId: string | null; status: Fixtures['status']; outcome?: boolean }) {
  const { matchup, myTeamId } = props;
  const result = resultWords(matchup, myTeamId);
  return (
    <>
      <span class="score">
        {sideName(matchup.home, myTeamId)} {points(matchup.home.points)} – {points(matchup.away.points)} {sideName(matchup.away, myTeamId)}
      </span>
      {props.outcome !== false && <span class="outcome">{result ?? (props.status === 'upcoming' ? 'not started' : 'so far')}</span>}
    </>
  );
}

/** The league home's first sight in a head-to-head league: this round, the player against one rival. */
export function ThisRound(props: { leagueId: string; fixtures: Fixtures; myTeamId: string | null }) {
  const { fixtures, myTeamId } = props;
  const mine = myMatchup(fixtures, myTeamId);
  const link = `/leagues/${encodeURIComponent(props.leagueId)}/fixtures?round=${fixtures.round}`;
  return (
    <section class="card round" aria-labelledby="round-heading">
      <h2 id="round-heading">
        Round {fixtures.round} · {roundTimeWords(fixtures)}
      </h2>
      <p class="sub">{roundDates(fixtures)}</p>
      {mine && myTeamId ? (
        <>
          <p class="matchup-big">
            <MatchupLine matchup={fromMySide(mine, myTeamId)} myTeamId={myTeamId} status={fixtures.status} outcome={false} />
          </p>
          {fixtures.status === 'final' && <p>{myResultWords(mine, myTeamId)}.</p>}
          {mine.away.teamId === null && (
            <p class="sub">An odd number of teams: this round you play the league average, the mean round points of every other team.</p>
          )}
        </>
      ) : fixtures.matchups.length === 0 ? (
        <p>No matchups this round: a round needs at least two teams. Invite a friend.</p>
      ) : (
        <p>Your team is not in this round: a team that joins after a round’s first day plays from the next round.</p>
      )}
      {fixtures.status !== 'final' && fixtures.startDate === utcDay(new Date()) && (
        <p class="hint">Pairings are fixed at midnight UTC tonight: a friend who joins before then plays this round.</p>
      )}
      {fixtures.matchups.length > 0 && (
        <p class="note-links">
          {mine && (
            <a href={`/leagues/${encodeURIComponent(props.leagueId)}/matchup?round=${fixtures.round}`}>Both line-ups, side by side</a>
          )}
          <a href={link}>All matchups of round {fixtures.round}</a>
        </p>
      )}
    </section>
  );
}

/** The trophy beside last season's champion: in words too, never the icon alone. */
export function LastChampion() {
  return (
    <span class="sub trophy">
      <span aria-hidden="true">🏆 </span>last season’s champion
    </span>
  );
}

/**
 * The table's figures as a football table abbreviates them, each spelled out for a screen
 * reader. Played and table points come first, beside the team: on a phone they always fit,
 * and the rest scroll sideways.
 */
const TABLE_COLUMNS = [
  ['played', 'P'],
  ['table points', 'Pts'],
  ['won', 'W'],
  ['drawn', 'D'],
  ['lost', 'L'],
  ['points for', 'For'],
  ['points against', 'Agst'],
] as const;

export function HeadToHeadTable(props: { leagueId: string; rows: HeadToHeadRow[]; myTeamId: string | null }) {
  if (props.rows.length === 0) return <p class="card empty">No team has joined yet.</p>;
  const base = `/leagues/${encodeURIComponent(props.leagueId)}`;
  return (
    <>
    <p class="hint scroll-hint" aria-hidden="true">
      Wins, draws, losses and points for and against: scroll the table sideways <span>→</span>
    </p>
    <div class="table-wrap scrolls" tabIndex={0} role="region" aria-label="Head-to-head table">
      <table class="h2h-table">
        <caption class="visually-hidden">Head-to-head table: table points, then points for</caption>
        <thead>
          <tr>
            <th scope="col" class="rank">
              Rank
            </th>
            <th scope="col">Team</th>
            {TABLE_COLUMNS.map(([title, short]) => (
              <th key={short} scope="col" class="num">
                <abbr title={title}>{short}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => {
            const isMe = row.teamId === props.myTeamId;
            return (
              <tr key={row.teamId} class={isMe ? 'me' : undefined}>
                <td>{row.rank}</td>
                <th scope="row">
                  <a href={`${base}/teams/${encodeURIComponent(row.teamId)}`}>{row.teamName}</a>
                  {isMe && <span class="sub">(you)</span>}
                  {row.champion && <LastChampion />}
                </th>
                <td class="num">{row.played}</td>
                <td class="num">
                  <strong>{row.tablePoints}</strong>
                </td>
                <td class="num">{row.won}</td>
                <td class="num">{row.drawn}</td>
                <td class="num">{row.lost}</td>
                <td class="num">{points(row.pointsFor)}</td>
                <td class="num">{points(row.pointsAgainst)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
    </>
  );
}
