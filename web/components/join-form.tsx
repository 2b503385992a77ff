/** Join a league with a team name (and the invitation code when it came with one). */
import { useState } from 'preact/hooks';
import { api, type League } from '../api';
import { navigate } from '../router';
import { rememberMembership } from '../state';
import { Refusal, useAction } from './ui';

export function JoinForm(props: { league: League; code?: string; onJoined?: () => void }) {
  const [name, setName] = useState('');
  const { busy, refusal, run } = useAction();
  const fieldId = `team-name-${props.league.id}`;
  const submit = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      await api.join(props.league.id, name.trim(), props.code);
      rememberMembership(props.league.id);
      if (props.onJoined) props.onJoined();
      else navigate(`/leagues/${encodeURIComponent(props.league.id)}`);
    });
  };
  return (
    <form class="inline-form" onSubmit={submit}>
      <label for={fieldId}>Your team name in {props.league.title}</label>
      <div class="row">
        <input id={fieldId} required minLength={3} maxLength={30} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        <button type="submit" class="primary" disabled={busy}>
          Join {props.league.title}
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
    const wanted = code.trim().toUpperCase();
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
            minLength={5}
            maxLength={5}
            autoComplete="off"
            autoCapitalize="characters"
            class="code"
            value={code}
            onInput={(e) => setCode(e.currentTarget.value)}
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
            <strong>{found.league.title}</strong> · {found.league.teamCount} {found.league.teamCount === 1 ? 'team' : 'teams'}
          </p>
          <JoinForm league={found.league} code={found.code} />
        </div>
      )}
    </div>
  );
}
