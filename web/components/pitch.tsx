/** The pitch of a formation schema, line by line, and its chemistry links in words. */
import type { Contract } from '../api';
import { CHEMISTRY_LINKS, POSITIONS, SCHEMAS, type Position, type Schema } from '../../src/domain/formations';

export const POSITION_NAMES: Record<Position, string> = {
  LW: 'Left wing', LST: 'Left striker', ST: 'Striker', RST: 'Right striker', RW: 'Right wing',
  LAM: 'Left attacking mid', CLAM: 'Centre-left attacking mid', CAM: 'Attacking mid', CRAM: 'Centre-right attacking mid', RAM: 'Right attacking mid',
  LM: 'Left mid', CLM: 'Centre-left mid', CM: 'Centre mid', CRM: 'Centre-right mid', RM: 'Right mid',
  LDM: 'Left defensive mid', CDLM: 'Centre-left defensive mid', CDM: 'Defensive mid', CDRM: 'Centre-right defensive mid', RDM: 'Right defensive mid',
  LB: 'Left back', CLB: 'Centre-left back', CB: 'Centre back', CRB: 'Centre-right back', RB: 'Right back',
  GK: 'Goalkeeper',
};

/** The schema's positions grouped into lines, front to goal (POSITIONS is in that order). */
export function linesOf(schema: Schema): Position[][] {
  const inSchema = new Set<Position>(SCHEMAS[schema]);
  const lines: Position[][] = [];
  for (let i = 0; i < POSITIONS.length; i += 5) {
    const line = POSITIONS.slice(i, i + 5).filter((p) => inSchema.has(p));
    if (line.length > 0) lines.push(line);
  }
  return lines;
}

/** What a dragged contract carries: its id. */
export const DRAG_TYPE = 'application/x-contract-id';

export type Placed = Partial<Record<Position, Contract>>;
export type PairLevels = Map<string, 'excellent' | 'good' | 'weak'> | 'unknown' | 'loading';

export function pairKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

const LEVEL_WORDS = { excellent: 'Excellent', good: 'Good', weak: 'Weak' } as const;

export function Pitch(props: {
  schema: Schema;
  placed: Placed;
  selected?: string | null;
  onPosition?: (position: Position) => void;
  /** drag and drop, an extra beside pick-then-place */
  onDropContract?: (position: Position, contractId: string) => void;
}) {
  return (
    <div class="pitch" role="group" aria-label={`Pitch, ${props.schema}`}>
      {linesOf(props.schema).map((line) => (
        <ul class="pitch-line" key={line.join()}>
          {line.map((position) => {
            const contract = props.placed[position];
            const label = POSITION_NAMES[position];
            const content = (
              <>
                <span class="pos" aria-hidden="true">
                  {position}
                </span>
                <span class="visually-hidden">{label}: </span>
                <span class="who">{contract ? contract.article.title : 'Empty'}</span>
              </>
            );
            return (
              <li key={position} class={`slot${contract ? '' : ' empty'}${contract && contract.id === props.selected ? ' selected' : ''}`}>
                {props.onPosition ? (
                  <button
                    type="button"
                    onClick={() => props.onPosition!(position)}
                    draggable={!!contract}
                    onDragStart={(event) => contract && event.dataTransfer?.setData(DRAG_TYPE, contract.id)}
                    onDragOver={(event) => event.preventDefault()}
                    onDrop={(event) => {
                      event.preventDefault();
                      const id = event.dataTransfer?.getData(DRAG_TYPE);
                      if (id) props.onDropContract?.(position, id);
                    }}
                    aria-pressed={contract ? contract.id === props.selected : undefined}
                  >
                    {content}
                  </button>
                ) : (
                  <div aria-label={`${label}: ${contract ? contract.article.title : 'empty'}`} role="group">
                    {content}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      ))}
    </div>
  );
}

type LinkRow = { from: Position; to: Position; a: Contract; b: Contract; level: string; cls: string };

/** The live links in groups by level, excellent first; one group while levels are unknown. */
function groups(live: readonly (readonly [Position, Position])[], props: { placed: Placed; levels: PairLevels }): { key: string; title: string; links: LinkRow[] }[] {
  const rows: LinkRow[] = live.map(([from, to]) => {
    const a = props.placed[from]!;
    const b = props.placed[to]!;
    if (props.levels === 'unknown') return { from, to, a, b, level: 'Unknown', cls: 'open' };
    if (props.levels === 'loading') return { from, to, a, b, level: 'Checking…', cls: 'open' };
    const found = props.levels.get(pairKey(a.article.id, b.article.id)) ?? 'weak';
    return { from, to, a, b, level: LEVEL_WORDS[found], cls: found };
  });
  if (props.levels === 'unknown' || props.levels === 'loading') return [{ key: 'all', title: 'Active links', links: rows }];
  return (['excellent', 'good', 'weak'] as const)
    .map((key) => ({ key, title: `${LEVEL_WORDS[key]} links`, links: rows.filter((row) => row.cls === key) }))
    .filter((group) => group.links.length > 0);
}

export function ChemistryList(props: { schema: Schema; placed: Placed; levels: PairLevels }) {
  const links = CHEMISTRY_LINKS[props.schema];
  // Only links with both ends filled can score; the open ones are counted, not listed.
  const live = links.filter(([from, to]) => props.placed[from] && props.placed[to]);
  const open = links.length - live.length;
  return (
    <section aria-labelledby="chemistry-heading">
      <h2 id="chemistry-heading">Chemistry links</h2>
      {props.levels === 'unknown' && live.length > 0 && (
        <p class="hint">Chemistry unknown: the encyclopedia could not be reached. Your line-up still saves.</p>
      )}
      {live.length === 0 ? (
        <p class="hint">
          No chemistry link is active yet: a link between two positions counts once both are filled ({links.length} links in {props.schema}).
        </p>
      ) : (
        <>
          {/* grouped by level, strongest first: sixteen links in one run read as a wall */}
          {groups(live, props).map((group) => (
            <div key={group.key} class="chemistry-group">
              <h3>
                {group.title} ({group.links.length})
              </h3>
              <ul class="chemistry">
                {group.links.map(({ from, to, a, b, level, cls }) => (
                  <li key={`${from}-${to}`} class={`link ${cls}`}>
                    <span class="ends">
                      {from}–{to}
                    </span>{' '}
                    <span class="level">{level}</span>
                    <span class="sub">
                      {a.article.title} and {b.article.title}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          {open > 0 && <p class="hint">{open} more links open up as you fill their positions.</p>}
        </>
      )}
    </section>
  );
}
