/** Join a league with a team name (and the invitation code when it came with one). */
import { useState } from 'preact/hooks';
import { api, type League } from '../api';
import { navigate } from '../router';
import { Refusal, useAction } from './ui';

/**
 * An invitation code as a player pastes it: spaces and line breaks around it (or inside) go,
 * and letters are upper-cased, before the five-character limit is applied, so a pasted
 * " abcde " is ABCDE, not " ABCD".
 */
export function cleanCode(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase().slice(0, CODE_LENGTH);
}

const CODE_LENGTH = 5;

/** What kind of league it is, in the words the founding form uses. */
export function formatWords(league: Pick<League, 'format' | 'roundDays'>): string {
  if (league.format !== 'head-to-head') return 'Points league: the most points over the season wins';
  const days = league.roundDays === 1 ? '1-day' : `${league.roundDays}-day`;
  return `Head-to-head, ${days} rounds: each round you play one rival, and the table counts wins`;
}

export function JoinForm(props: { league: League; code?: string; onJoined?: () => void; name?: string; label?: string }) {
  const [name, setName] = useState(props.name ?? '');
  // A private league takes its code: asked for here when no invitation brought one.
  const asksCode = props.league.visibility === 'private' && !props.code;
  const [code, setCode] = useState('');
  const { busy, refusal, run } = useAction();
  const fieldId = `team-name-${props.league.id}`;
  const submit = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      await api.join(props.league.id, name.trim(), props.code ?? (asksCode ? cleanCode(code) : undefined));
      if (props.onJoined) props.onJoined();
      else navigate(`/leagues/${encodeURIComponent(props.league.id)}`);
    });
  };
  return (
    <form class="inline-form" onSubmit={submit}>
      <p class="hint">{formatWords(props.league)}.</p>
      {asksCode && (
        <>
          <label for={`${fieldId}-code`}>Invitation code (a private league)</label>
          <input
            id={`${fieldId}-code`}
            required
            autoComplete="off"
            autoCapitalize="characters"
            class="code"
            value={code}
            onInput={(e) => setCode(cleanCode(e.currentTarget.value))}
          />
        </>
      )}
      <label for={fieldId}>Your team name in {props.league.title}</label>
      <div class="row">
        <input id={fieldId} required minLength={3} maxLength={30} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        <button type="submit" class="primary" disabled={busy}>
          {props.label ?? `Join ${props.league.title}`}
        </button>
      </div>
      <Refusal code={refusal} />
    </form>
  );
}

/** Look a league up by its five-character invitation code, then join it. */
export function JoinByCodeForm() {
  const [code, setCode] = useState('');
  const [found, setFound] = useState<{ league: League; code: string } | null>(null);
  const { busy, refusal, run } = useAction();
  const submit = (event: Event) => {
    event.preventDefault();
    const wanted = cleanCode(code);
    void run(async () => setFound({ league: await api.leagueByCode(wanted), code: wanted }));
  };
  return (
    <div class="stack">
      <form class="inline-form" onSubmit={submit}>
        <label for="invite-code">Invitation code</label>
        <div class="row">
          <input
            id="invite-code"
            required
            minLength={CODE_LENGTH}
            autoComplete="off"
            autoCapitalize="characters"
            class="code"
            value={code}
            onInput={(e) => setCode(cleanCode(e.currentTarget.value))}
          />
          <button type="submit" disabled={busy}>
            Find league
          </button>
        </div>
        <Refusal code={refusal} />
      </form>
      {found && (
        <div class="card">
          <p>
            <span aria-hidden="true">{found.league.icon} </span>
            <strong>{found.league.title}</strong> · {found.league.teamCount} {found.league.teamCount === 1 ? 'team' : 'teams'} · {found.league.domain} edition
          </p>
          <JoinForm league={found.league} code={found.code} />
        </div>
      )}
    </div>
  );
}
