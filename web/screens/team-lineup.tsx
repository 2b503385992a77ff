/** Another team's line-up, read-only, opened from its row in the standings. */
import { api } from '../api';
import { LeagueNav } from '../components/league-nav';
import { ChemistryList, Pitch, pairKey, type PairLevels, type Placed } from '../components/pitch';
import { Loaded, Screen, credits, useLoad, points } from '../components/ui';

export function TeamLineupScreen(props: { id: string; teamId: string }) {
  const [load, reload] = useLoad(async () => {
    const [lineup, table] = await Promise.all([api.teamLineup(props.id, props.teamId), api.leaderboard(props.id)]);
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
    return { lineup, entry: table.find((e) => e.team.id === props.teamId) ?? null, levels };
  }, `${props.id}/${props.teamId}`);
  const name = load.status === 'ready' && load.data.entry ? load.data.entry.team.name : 'Team';
  return (
    <Screen title={`${name} line-up`} heading={`${name}: line-up`}>
      <LeagueNav id={props.id} />
      <Loaded load={load} what="this team's line-up" retry={reload}>
        {({ lineup, entry, levels }) => {
          const placed = Object.fromEntries(Object.entries(lineup.formation.formation).filter(([, c]) => c)) as Placed;
          return (
            <>
              {entry && (
                <p>
                  {entry.team.player.name} · rank {entry.rank} · {points(entry.cumulativePoints)} points · {credits(entry.team.credits)}
                </p>
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
