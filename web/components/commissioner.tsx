/**
 * The commissioner's tools (issue 39), the admin's only: the league's settings, editable until
 * the end of the season's first day (UTC, when round 1's pairings are fixed), and removing a
 * team that broke the league's spirit, at any time, after a confirmation that says what it does.
 */
import { useState } from 'preact/hooks';
import { api, type LeaderboardEntry, type League } from '../api';
import { ICONS } from '../../src/domain/leagues';
import { ROUND_DAYS, type RoundDays } from '../../src/domain/head-to-head';
import { addDays, utcDay } from '../../src/domain/dates';
import { Confirm } from './confirm';
import { PlayoffChoice, type PlayoffTeams } from './playoff-choice';
import { Loaded, Refusal, day, useAction, useLoad } from './ui';

/** The instant the settings stop being editable: the end of the season's first UTC day. */
export function settingsFixedAt(league: Pick<League, 'startDate'>): string {
  return `${addDays(utcDay(new Date(league.startDate)), 1)}T00:00:00.000Z`;
}

function SettingsForm(props: { league: League; onSaved: () => void; onCancel: () => void }) {
  const { league } = props;
  const [name, setName] = useState(league.title);
  const [icon, setIcon] = useState(league.icon);
  const [visibility, setVisibility] = useState(league.visibility);
  const [invitePolicy, setInvitePolicy] = useState(league.invitePolicy);
  const [roundDays, setRoundDays] = useState<RoundDays>((league.roundDays ?? 7) as RoundDays);
  const [playoffTeams, setPlayoffTeams] = useState<PlayoffTeams>(league.playoffTeams as PlayoffTeams);
  const { busy, refusal, run } = useAction();
  const headToHead = league.format === 'head-to-head';
  const submit = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      await api.editLeague(league.id, {
        name: name.trim(),
        icon,
        visibility,
        invitePolicy,
        ...(headToHead ? { roundDays, playoffTeams } : {}),
      });
      props.onSaved();
    });
  };
  return (
    <form class="stack" onSubmit={submit} aria-label="League settings">
      <label>
        League name
        <input required minLength={3} maxLength={50} value={name} onInput={(e) => setName(e.currentTarget.value)} />
      </label>
      <label>
        Icon
        <select value={icon} onChange={(e) => setIcon(e.currentTarget.value)}>
          {ICONS.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>Who can join</legend>
        <label class="choice">
          <input type="radio" name="edit-visibility" checked={visibility === 'private'} onChange={() => setVisibility('private')} />
          Private: only with the invitation code
        </label>
        <label class="choice">
          <input type="radio" name="edit-visibility" checked={visibility === 'public'} onChange={() => setVisibility('public')} />
          Public: listed for everyone
        </label>
      </fieldset>
      <fieldset>
        <legend>Who sees the invitation code</legend>
        <label class="choice">
          <input type="radio" name="edit-invite" checked={invitePolicy === 'members'} onChange={() => setInvitePolicy('members')} />
          Every member
        </label>
        <label class="choice">
          <input type="radio" name="edit-invite" checked={invitePolicy === 'admin'} onChange={() => setInvitePolicy('admin')} />
          Only me
        </label>
      </fieldset>
      {headToHead && (
        <>
          <label>
            Round length
            <select value={roundDays} onChange={(e) => setRoundDays(Number(e.currentTarget.value) as RoundDays)}>
              {ROUND_DAYS.map((days) => (
                <option key={days} value={days}>
                  {days === 1 ? '1 day' : days === 7 ? '7 days (a week)' : `${days} days`}
                </option>
              ))}
            </select>
          </label>
          <PlayoffChoice value={playoffTeams} onChange={setPlayoffTeams} name="edit-playoffs" />
        </>
      )}
      <Refusal code={refusal} />
      <p class="row">
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save the settings'}
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </p>
    </form>
  );
}

/** Every team but the admin's own, each with its removal behind a confirmation. */
function TeamRemoval(props: { league: League; meId: string; onRemoved: (name: string) => void }) {
  const [load, reload] = useLoad(() => api.leaderboardPage(props.league.id, 100), `removal:${props.league.id}`);
  const [confirming, setConfirming] = useState<LeaderboardEntry | null>(null);
  const { busy, refusal, run } = useAction();
  return (
    <Loaded load={load} what="the teams" retry={reload}>
      {(page) => {
        const others = page.rows.filter((entry) => entry.team.player.id !== props.meId);
        if (others.length === 0) return <p class="hint">No other team has joined yet.</p>;
        return (
          <>
            {confirming ? (
              <Confirm
                danger
                busy={busy}
                confirmLabel={`Remove ${confirming.team.name}`}
                onCancel={() => setConfirming(null)}
                onConfirm={() =>
                  run(async () => {
                    await api.removeTeam(props.league.id, confirming.team.id);
                    setConfirming(null);
                    props.onRemoved(confirming.team.name);
                  })
                }
              >
                <p>
                  Remove {confirming.team.name} ({confirming.team.player.name}) from {props.league.title}? It is treated as having left: it stays in
                  the standings with its points{props.league.format === 'head-to-head' ? ' and forfeits the round being played' : ''}, its owner is
                  told, and it cannot rejoin this season.
                </p>
              </Confirm>
            ) : (
              <ul class="removals">
                {others.map((entry) => (
                  <li key={entry.team.id}>
                    <span>
                      {entry.team.name} <span class="sub">{entry.team.player.name}</span>
                    </span>
                    <button type="button" class="compact" onClick={() => setConfirming(entry)}>
                      Remove {entry.team.name}…
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <Refusal code={refusal} />
          </>
        );
      }}
    </Loaded>
  );
}

export function Commissioner(props: { league: League; meId: string; onChanged: () => void }) {
  const { league } = props;
  const [editing, setEditing] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  const fixedAt = settingsFixedAt(league);
  const editable = Date.now() < Date.parse(fixedAt);
  return (
    <section class="card commissioner" aria-labelledby="commissioner-heading">
      <h2 id="commissioner-heading">Commissioner</h2>
      <div role="status">
        {said && (
          <p class="done">
            <span aria-hidden="true">✓ </span>
            {said}
          </p>
        )}
      </div>
      <h3>Settings</h3>
      {editing ? (
        <SettingsForm
          league={league}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            setSaid('Settings saved.');
            props.onChanged();
          }}
        />
      ) : editable ? (
        <>
          <p class="hint">
            The name, icon, who can join, who sees the code{league.format === 'head-to-head' ? ', the round length and the playoffs' : ''} can
            change until the end of {day(league.startDate)} (UTC), when round 1’s pairings are fixed.
          </p>
          <button type="button" onClick={() => setEditing(true)}>
            Edit the settings
          </button>
        </>
      ) : (
        <p class="hint">The settings are fixed: the season’s first day has ended.</p>
      )}
      <h3>Remove a team</h3>
      <p class="hint">For a team that broke the league’s spirit. Its owner is told.</p>
      <TeamRemoval
        league={league}
        meId={props.meId}
        onRemoved={(name) => {
          setSaid(`${name} was removed from the league.`);
          props.onChanged();
        }}
      />
    </section>
  );
}
