/** Public leagues anyone may join, newest first. */
import { useState } from 'preact/hooks';
import { api } from '../api';
import { JoinForm } from '../components/join-form';
import { Loaded, Screen, useLoad } from '../components/ui';
import { seasonWords } from '../components/league-nav';

export function PublicLeagues() {
  const [load, reload] = useLoad(async () => {
    const [leagues, mine] = await Promise.all([api.publicLeagues(), api.myLeagues()]);
    return { leagues, mine: new Set(mine.map((league) => league.id)) };
  }, 'public');
  const [joining, setJoining] = useState<string | null>(null);
  return (
    <Screen title="Public leagues">
      <Loaded load={load} what="the public leagues" retry={reload}>
        {({ leagues, mine }) =>
          leagues.length === 0 ? (
            <div class="card empty">
              <p>No public league is open yet.</p>
              <p>
                <a class="button primary" href="/leagues/new">
                  Found the first one
                </a>
              </p>
            </div>
          ) : (
            <ul class="league-list">
              {leagues.map((league) => (
                <li key={league.id} class="card league-card">
                  <p class="league-link">
                    <span class="league-icon" aria-hidden="true">
                      {league.icon}
                    </span>
                    <span class="league-title">{league.title}</span>
                  </p>
                  <p class="league-facts">
                    {league.teamCount} {league.teamCount === 1 ? 'team' : 'teams'} · {league.domain} edition · {seasonWords(league).short}
                    {league.closedAt && ' · closed'}
                  </p>
                  {mine.has(league.id) ? (
                    <p>
                      <a href={`/leagues/${encodeURIComponent(league.id)}`}>Open your team in {league.title}</a>
                    </p>
                  ) : joining === league.id ? (
                    <JoinForm league={league} />
                  ) : (
                    <button type="button" onClick={() => setJoining(league.id)} disabled={league.closedAt !== null}>
                      Join {league.title}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </Screen>
  );
}
