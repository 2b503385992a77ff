/** A head-to-head league's rounds, one at a time: every matchup, its status and its result in words. */
import { api } from '../api';
import { MatchupLine, myMatchup, roundDates, roundTimeWords } from '../components/head-to-head';
import { LeagueNav, leagueIsOver } from '../components/league-nav';
import { Loaded, Screen, leagueIsGone, useLoad } from '../components/ui';
import { queryParam } from '../router';
import { sentenceFor } from '../errors';
import { rememberFormat } from '../state';
import { roundCount } from '../../src/domain/head-to-head';

const STATUS_WORDS = { upcoming: 'Upcoming', live: 'Being played', final: 'Final' } as const;

export function FixturesScreen(props: { id: string }) {
  const asked = Number(queryParam('round'));
  const round = Number.isInteger(asked) && asked >= 1 ? asked : undefined;
  const [load, reload] = useLoad(async () => {
    const [league, fixtures, team] = await Promise.all([api.league(props.id), api.fixtures(props.id, round), api.myTeam(props.id)]);
    rememberFormat(league);
    return { league, fixtures, team, rounds: league.roundDays ? roundCount(league, league.roundDays) : 0 };
  }, `${props.id}/fixtures/${round ?? 'now'}`);
  const title = load.status === 'ready' ? `Round ${load.data.fixtures.round}` : 'Fixtures';
  const base = `/leagues/${encodeURIComponent(props.id)}`;
  return (
    <Screen title={load.status === 'ready' ? `${title} · ${load.data.league.title}` : title} heading="Fixtures">
      {!leagueIsGone(load) && (
        <LeagueNav id={props.id} title={load.status === 'ready' ? load.data.league.title : undefined} archived={load.status === 'ready' && leagueIsOver(load.data.league)} />
      )}
      {load.status === 'failed' && (load.code === 'ROUND_NOT_FOUND' || load.code === 'LEAGUE_NOT_HEAD_TO_HEAD') ? (
        <div class="failed" role="alert">
          <p>
            <strong>{sentenceFor(load.code)}</strong>
          </p>
          <p>
            <a class="button primary" href={load.code === 'ROUND_NOT_FOUND' ? `${base}/fixtures` : base}>
              {load.code === 'ROUND_NOT_FOUND' ? 'Go to this round' : 'Go to the standings'}
            </a>
          </p>
        </div>
      ) : (
        <Loaded load={load} what="the fixtures" retry={reload} leagueId={props.id}>
          {({ fixtures, team, rounds }) => {
            const mine = myMatchup(fixtures, team.id);
            return (
              <>
                <section class="card" aria-labelledby="round-title">
                  <h2 id="round-title">
                    Round {fixtures.round} of {rounds}
                  </h2>
                  <p>
                    {roundDates(fixtures)} · <strong>{STATUS_WORDS[fixtures.status]}</strong>
                    {fixtures.status === 'live' ? `, ${roundTimeWords(fixtures)}` : ''}
                  </p>
                  {fixtures.matchups.length === 0 ? (
                    <p>No matchups in this round: a round needs at least two teams.</p>
                  ) : (
                    <ul class="matchups" aria-label={`Matchups of round ${fixtures.round}`}>
                      {fixtures.matchups.map((m, i) => (
                        <li key={i} class={m === mine ? 'me' : undefined}>
                          <MatchupLine matchup={m} myTeamId={team.id} status={fixtures.status} />
                          {m === mine && <span class="sub">Your matchup</span>}
                          {m.home.teamId !== null && (
                            <a class="sub" href={`${base}/matchup?round=${fixtures.round}&team=${encodeURIComponent(m.home.teamId)}`}>
                              Line-ups of {m === mine ? 'your matchup' : `${m.home.teamName} v ${m.away.teamName}`}
                            </a>
                          )}
                        </li>
                      ))}
                    </ul>
                  )}
                  {fixtures.status !== 'final' && fixtures.matchups.length > 0 && (
                    <p class="hint">
                      {fixtures.status === 'upcoming'
                        ? 'Pairings stand as the league is now; they are fixed at the end of the round’s first day.'
                        : 'Points so far: each day is added when it is scored at 05:00 UTC the next morning.'}
                    </p>
                  )}
                </section>
                <nav class="row pager" aria-label="Rounds">
                  {fixtures.round > 1 ? (
                    <a class="button" href={`${base}/fixtures?round=${fixtures.round - 1}`}>
                      <span aria-hidden="true">←</span>
                      {`Round ${fixtures.round - 1}`}
                    </a>
                  ) : null}
                  {fixtures.round < rounds ? (
                    <a class="button" href={`${base}/fixtures?round=${fixtures.round + 1}`}>
                      {`Round ${fixtures.round + 1}`}
                      <span aria-hidden="true">→</span>
                    </a>
                  ) : null}
                </nav>
              </>
            );
          }}
        </Loaded>
      )}
    </Screen>
  );
}
