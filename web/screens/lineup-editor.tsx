/**
 * Screen 7: the line-up editor. Pick a contract (bench or pitch), then a position: works the
 * same with a keyboard, a mouse and a finger. Unfielded contracts and empty positions warn.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, type Contract } from '../api';
import { remapForSchema, SCHEMA_NAMES, SCHEMAS, type Position, type Schema } from '../../src/domain/formations';
import { LeagueNav, leagueIsOver } from '../components/league-nav';
import { ChemistryList, DRAG_TYPE, POSITION_NAMES, Pitch, pairKey, type PairLevels, type Placed } from '../components/pitch';
import { Done, Loaded, Refusal, Screen, day, useAction, useLoad, leagueIsGone } from '../components/ui';
import { settlesWhen } from '../components/day-result';
import { warnBeforeLeaving } from '../router';

async function loadEditor(id: string) {
  const [lineup, contracts, team, league] = await Promise.all([api.myLineup(id), api.myContracts(id), api.myTeam(id), api.league(id)]);
  return { lineup, contracts: contracts.filter((c) => c.status === 'live'), team, archived: leagueIsOver(league) };
}

/** Why a contract on the pitch can no longer be fielded, in words. */
function endedWhy(contract: Contract, gone: boolean): string {
  if (gone || contract.status === 'sold') return 'its contract has ended';
  if (contract.status === 'settled') return 'its contract was settled';
  return `its contract expired on ${day(contract.expireDate)}: an expiring contract scores nothing on its last day, and it settles ${settlesWhen()}`;
}

/** A schema change moves players by the game's own remap, so the pitch shows what a save keeps. */
function remapPlaced(placed: Placed, from: Schema, to: Schema, byId: Map<string, Contract>): Placed {
  const ids = Object.fromEntries(Object.entries(placed).map(([position, contract]) => [position, contract!.id]));
  const { positions } = remapForSchema(ids, to, from);
  return Object.fromEntries(Object.entries(positions).map(([position, id]) => [position, byId.get(id)!])) as Placed;
}

function Editor(props: { id: string; teamId: string; schema: Schema; placed: Placed; contracts: Contract[] }) {
  const [schema, setSchema] = useState<Schema>(props.schema);
  const [placed, setPlaced] = useState<Placed>(props.placed);
  const [selected, setSelected] = useState<string | null>(null);
  const [levels, setLevels] = useState<PairLevels>('loading');
  const [saved, setSaved] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const { busy, refusal, run } = useAction();

  useEffect(() => {
    // Chemistry pairs need two live contracts; with fewer there is nothing to ask for.
    if (props.contracts.length < 2) {
      setLevels(new Map());
      return;
    }
    api.chemistry(props.id, props.teamId).then(
      ({ pairs }) => setLevels(new Map(pairs.map((p) => [pairKey(p.a, p.b), p.level]))),
      () => setLevels('unknown'),
    );
  }, [props.id, props.teamId]);

  const placedIds = new Set(Object.values(placed).map((c) => c!.id));
  const bench = props.contracts.filter((c) => !placedIds.has(c.id));
  const empty = SCHEMAS[schema].filter((p) => !placed[p]);
  const byId = new Map(props.contracts.map((c) => [c.id, c]));
  const selectedContract = selected ? byId.get(selected) ?? null : null;
  const change = (next: Placed) => {
    setPlaced(next);
    setDirty(true);
    setSaved(null);
  };

  /** Puts a contract on a position; one already there takes the moved one's old place. */
  const place = (id: string, position: Position) => {
    const contract = byId.get(id);
    if (!contract) return;
    const here = placed[position];
    const next: Placed = { ...placed };
    const from = (Object.keys(next) as Position[]).find((p) => next[p]?.id === id);
    if (from) delete next[from];
    if (here && here.id !== id && from) next[from] = here;
    next[position] = contract;
    change(next);
    setSelected(null);
  };

  const onPosition = (position: Position) => {
    const here = placed[position];
    if (!selected) {
      if (here) setSelected(here.id);
      return;
    }
    place(selected, position);
  };

  const toBench = () => {
    if (!selected) return;
    const next: Placed = { ...placed };
    for (const p of Object.keys(next) as Position[]) if (next[p]?.id === selected) delete next[p];
    change(next);
    setSelected(null);
  };

  useEffect(() => {
    warnBeforeLeaving(dirty ? () => 'Your line-up has changes that are not saved. Leave without saving them?' : null);
    return () => warnBeforeLeaving(null);
  }, [dirty]);

  /** Picking from the bench by keyboard or touch: the next step is a position, so focus goes there. */
  const pickFromBench = (id: string) => {
    if (selected === id) {
      setSelected(null);
      return;
    }
    setSelected(id);
    requestAnimationFrame(() => document.querySelector<HTMLButtonElement>('.pitch .slot.empty button')?.focus());
  };

  const save = () =>
    run(async () => {
      // The page may have been open since yesterday: contracts that expired or ended since then
      // cannot score, so they are left out, and the player is told which and why.
      const fresh = new Map((await api.myContracts(props.id)).map((c) => [c.id, c]));
      const kept: Placed = {};
      const dropped: string[] = [];
      for (const [position, contract] of Object.entries(placed) as [Position, Contract][]) {
        const now = fresh.get(contract.id);
        if (now && now.status === 'live') kept[position] = contract;
        else dropped.push(`${POSITION_NAMES[position]}: ${contract.article.title} (${endedWhy(now ?? contract, !now)})`);
      }
      const formation: Record<string, { id: string }> = {};
      for (const [position, contract] of Object.entries(kept)) if (contract) formation[position] = { id: contract.id };
      await api.saveLineup(props.id, schema, formation);
      setPlaced(kept);
      setDirty(false);
      setSaved(
        dropped.length === 0
          ? 'Line-up saved. It counts from the next scored day.'
          : `Line-up saved without ${dropped.join('; ')}. Those positions are empty now. It counts from the next scored day.`,
      );
    });

  return (
    <>
      <fieldset class="schemas">
        <legend>Formation</legend>
        <div class="segmented">
          {SCHEMA_NAMES.map((name) => (
            <label key={name} class="choice">
              <input
                type="radio"
                name="schema"
                checked={schema === name}
                onChange={() => {
                  change(remapPlaced(placed, schema, name, byId));
                  setSchema(name);
                }}
              />
              {name}
            </label>
          ))}
        </div>
      </fieldset>

      {(bench.length > 0 || empty.length > 0) && (
        <div class="warning" role="status">
          <p>
            <span aria-hidden="true">⚠ </span>
            <strong>Points are only scored by fielded contracts.</strong>
          </p>
          <ul>
            {bench.length > 0 && (
              <li>
                {bench.length} live {bench.length === 1 ? 'contract is' : 'contracts are'} not fielded: {bench.map((c) => c.article.title).join(', ')}.
              </li>
            )}
            {empty.length > 0 && (
              <li>
                {empty.length} {empty.length === 1 ? 'position is' : 'positions are'} empty: {empty.join(', ')}.
              </li>
            )}
          </ul>
        </div>
      )}

      <p class="instructions" id="pick-help">
        {selectedContract
          ? `Picked ${selectedContract.article.title}: now choose a position on the pitch.`
          : 'Pick a contract from the bench or the pitch, then choose a position for it.'}
      </p>
      <Pitch schema={schema} placed={placed} selected={selected} onPosition={onPosition} onDropContract={(position, id) => place(id, position)} />
      {selectedContract && (
        <p class="row">
          {placedIds.has(selectedContract.id) && (
            <button type="button" onClick={toBench}>
              Move {selectedContract.article.title} to the bench
            </button>
          )}
          <button type="button" onClick={() => setSelected(null)}>
            Cancel the pick
          </button>
        </p>
      )}

      <div class="savebar">
        <button type="button" class="primary" onClick={save} disabled={busy}>
          {busy ? 'Saving…' : 'Save line-up'}
        </button>
        {dirty && <span class="hint">Unsaved changes</span>}
        <Refusal code={refusal} />
        <Done text={saved} />
      </div>

      <section aria-labelledby="bench-heading">
        <h2 id="bench-heading">Bench</h2>
        {props.contracts.length === 0 ? (
          <p class="card empty">
            You hold no live contracts. <a href={`/leagues/${encodeURIComponent(props.id)}/market`}>Buy articles in the market</a>, then field
            them here.
          </p>
        ) : bench.length === 0 ? (
          <p>Every live contract is on the pitch.</p>
        ) : (
          <ul class="bench">
            {bench.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  aria-pressed={selected === c.id}
                  onClick={() => pickFromBench(c.id)}
                  aria-describedby="pick-help"
                  draggable
                  onDragStart={(event) => event.dataTransfer?.setData(DRAG_TYPE, c.id)}
                >
                  <span aria-hidden="true">{selected === c.id ? '●' : '○'}</span>
                  {c.article.title}
                  <span class="sub"> {c.tier.toLowerCase()} · until {day(c.expireDate)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ChemistryList schema={schema} placed={placed} levels={levels} />
      <p class="hint">Positions: {SCHEMAS[schema].map((p) => `${p} ${POSITION_NAMES[p]}`).join(' · ')}</p>
    </>
  );
}

export function LineupEditor(props: { id: string }) {
  const [load, reload] = useLoad(() => loadEditor(props.id), props.id);
  return (
    <Screen title="Line-up">
      {!leagueIsGone(load) && <LeagueNav id={props.id} archived={load.status === 'ready' && load.data.archived} />}
      <Loaded load={load} what="your line-up" retry={reload} leagueId={props.id}>
        {({ lineup, contracts, team, archived }) => {
          if (archived) {
            return (
              <p class="card archive-note">
                <span aria-hidden="true">🗄 </span>This league is over: line-ups stay as they stood at the end.{' '}
                <a href={`/leagues/${encodeURIComponent(props.id)}/teams/${encodeURIComponent(team.id)}`}>Your last line-up</a>
              </p>
            );
          }
          const live = new Map(contracts.map((c) => [c.id, c]));
          const placed: Placed = {};
          const leftPitch: string[] = [];
          for (const [position, contract] of Object.entries(lineup.formation.formation)) {
            // A contract that expired since the save is no longer fielded: it is said, not silently dropped.
            if (contract && live.has(contract.id)) placed[position as Position] = live.get(contract.id);
            else if (contract) leftPitch.push(`${POSITION_NAMES[position as Position]}: ${contract.article.title} (${endedWhy(contract, false)})`);
          }
          return (
            <>
              {leftPitch.length > 0 && (
                <div class="warning" role="status">
                  <p>
                    <span aria-hidden="true">⚠ </span>
                    <strong>Left the pitch today.</strong> {leftPitch.join('; ')}. Its position is empty until you field another contract.
                  </p>
                </div>
              )}
              <Editor id={props.id} teamId={team.id} schema={lineup.formation.schema} placed={placed} contracts={contracts} />
            </>
          );
        }}
      </Loaded>
    </Screen>
  );
}
