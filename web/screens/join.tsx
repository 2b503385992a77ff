/** A shared link `/join/{code}`: shows the league the code opens and joins it. */
import { api } from '../api';
import { JoinForm } from '../components/join-form';
import { Loaded, Screen, useLoad } from '../components/ui';

export function JoinByLink(props: { code: string }) {
  const code = props.code.toUpperCase();
  const [load, reload] = useLoad(async () => {
    const league = await api.leagueByCode(code);
    return { league, isMember: (await api.myRole(league.id)).isMember };
  }, code);
  return (
    <Screen title="Join a league">
      <Loaded load={load} what="the league this link opens" retry={reload}>
        {({ league, isMember }) => (
          <div class="card">
            <h2>
              <span aria-hidden="true">{league.icon} </span>
              {league.title}
            </h2>
            <p>
              {league.teamCount} {league.teamCount === 1 ? 'team' : 'teams'} · {league.domain} edition
            </p>
            <p>
              Invitation code <strong class="code">{code}</strong>
              {isMember ? '' : ': filled in for you, just name your team.'}
            </p>
            {isMember ? (
              <p>
                You already play here. <a href={`/leagues/${encodeURIComponent(league.id)}`}>Open {league.title}</a>
              </p>
            ) : (
              <JoinForm league={league} code={code} />
            )}
          </div>
        )}
      </Loaded>
    </Screen>
  );
}
