/**
 * The admin's one tap to play again (issue 39): once the season has ended or the league is
 * closed, a new league with the same settings and a team for every member who stayed.
 */
import { api, type League } from '../api';
import { navigate } from '../router';
import { Refusal, useAction } from './ui';
import { leagueIsOver } from './league-nav';

export function NextSeason(props: { league: League }) {
  const { busy, refusal, run } = useAction();
  if (!leagueIsOver(props.league)) return null;
  const start = () =>
    run(async () => {
      const next = await api.nextSeason(props.league.id);
      navigate(`/leagues/${encodeURIComponent(next.id)}`);
    });
  return (
    <section class="card next-season" aria-labelledby="next-season-heading">
      <h2 id="next-season-heading">Play another season</h2>
      <p>
        A new season of {props.league.title} with the same settings, and a team for every member who has not left, with the same name and
        fresh credits. Contracts do not carry over. Everyone is told.
      </p>
      <button type="button" class="primary" onClick={start} disabled={busy}>
        {busy ? 'Starting…' : 'Start next season'}
      </button>
      <Refusal code={refusal} />
    </section>
  );
}
