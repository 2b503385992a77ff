/**
 * Another team's line-up, read-only, opened from its row in the standings. Its credits are not
 * shown: a team's credits are its own player's business (README, game-rule decisions).
 */
import { api } from '../api';
import { seenEntry } from '../state';
import { LeagueNav, leagueIsOver } from '../components/league-nav';
import { ChemistryList, Pitch, pairKey, type PairLevels, type Placed } from '../components/pitch';
import { Loaded, Screen, useLoad, points, leagueIsGone } from '../components/ui';

export function TeamLineupScreen(props: { id: string; teamId: string }) {
  const [load, reload] = useLoad(async () => {
    // Never the whole table (a league may hold 100,000 teams): the row the player came from.
    const [lineup, league] = await Promise.all([api.teamLineup(props.id, props.teamId), api.league(props.id)]);
    let levels: PairLevels = new Map();
    // Chemistry needs two fielded articles; with fewer there is nothing to ask the encyclopedia.
    if (Object.values(lineup.formation.formation).filter(Boolean).length >= 2) {
      try {
        const { pairs } = await api.chemistry(props.id, props.teamId);
        levels = new Map(pairs.map((p) => [pairKey(p.a, p.b), p.level]));
      } catch {
        levels = 'unknown';
      }
    }
    // Opened without a row (a shared link): the team as its contracts carry it.
    const held = [...Object.values(lineup.formation.formation), ...lineup.bench].find((c) => c?.team.id === props.teamId);
    return { lineup, entry: seenEntry(props.teamId), team: held?.team ?? null, levels, archived: leagueIsOver(league) };
  }, `${props.id}/${props.teamId}`);
  const name = load.status === 'ready' ? (load.data.entry?.team.name ?? load.data.team?.name ?? 'Team') : 'Team';
  const archived = load.status === 'ready' && load.data.archived;
  const what = archived ? 'last line-up' : 'line-up';
  return (
    <Screen title={`${name} ${what}`} heading={`${name}: ${what}`}>
      {!leagueIsGone(load) && <LeagueNav id={props.id} archived={archived} />}
      <Loaded load={load} what="this team's line-up" retry={reload} leagueId={props.id}>
        {({ lineup, entry, team, levels }) => {
          const placed = Object.fromEntries(Object.entries(lineup.formation.formation).filter(([, c]) => c)) as Placed;
          return (
            <>
              {entry ? (
                <p>
                  {entry.team.player.name} · rank {entry.rank} · {points(entry.cumulativePoints)} points
                </p>
              ) : (
                team && (
                  <p>
                    {team.player.name}
                  </p>
                )
              )}
              <p>Formation {lineup.formation.schema}</p>
              <Pitch schema={lineup.formation.schema} placed={placed} />
              <h2>Bench</h2>
              {lineup.bench.length === 0 ? (
                <p>Nobody on the bench.</p>
              ) : (
                <ul class="plain">
                  {lineup.bench.map((c) => (
                    <li key={c.id}>{c.article.title}</li>
                  ))}
                </ul>
              )}
              <ChemistryList schema={lineup.formation.schema} placed={placed} levels={levels} />
            </>
          );
        }}
      </Loaded>
    </Screen>
  );
}
