/** Screen 2: a new player's first step: the Global League with a team name, or another league. */
import { api, type League } from '../api';
import { JoinByCodeForm, JoinForm } from '../components/join-form';
import { Screen, useLoad } from '../components/ui';

async function loadGlobal(): Promise<{ league: League; isMember: boolean } | null> {
  try {
    const league = await api.globalLeague();
    return { league, isMember: (await api.myRole(league.id)).isMember };
  } catch {
    // Not every deployment seeds the Global League; the other ways in still work.
    return null;
  }
}

export function Welcome() {
  const [global] = useLoad(loadGlobal, 'global');
  return (
    <Screen title="Welcome" heading="Welcome to the league">
      <p class="intro">
        Every team buys contracts on encyclopedia articles, fields them in a line-up, and scores points each day from how many people read
        them.
      </p>
      {global.status === 'ready' && global.data && (
        <section class="card" aria-labelledby="global-heading">
          <h2 id="global-heading">
            <span aria-hidden="true">{global.data.league.icon} </span>
            {global.data.league.title}
          </h2>
          {global.data.isMember ? (
            <p>
              You already have a team here. <a href={`/leagues/${encodeURIComponent(global.data.league.id)}`}>Open the Global League</a>
            </p>
          ) : (
            <>
              <p>The league everyone plays in. Name your team and start buying.</p>
              <JoinForm league={global.data.league} />
            </>
          )}
        </section>
      )}
      <section class="card" aria-labelledby="friends-heading">
        <h2 id="friends-heading">Play with friends</h2>
        <p class="actions">
          <a class="button" href="/leagues/new">
            Found a league
          </a>
          <a class="button" href="/leagues/public">
            Browse public leagues
          </a>
        </p>
        <JoinByCodeForm />
      </section>
    </Screen>
  );
}
