/** Found a league: name, team name, icon, edition (searchable), season length, who may join. */
import { useMemo, useState } from 'preact/hooks';
import { api } from '../api';
import { ICONS, DURATIONS } from '../../src/domain/leagues';
import { DEFAULT_ROUND_DAYS, ROUND_DAYS, type LeagueFormat, type RoundDays } from '../../src/domain/head-to-head';
import { Loaded, Refusal, Screen, useAction, useLoad } from '../components/ui';
import { PlayoffChoice, type PlayoffTeams } from '../components/playoff-choice';
import { navigate } from '../router';

const DURATION_LABELS: Record<keyof typeof DURATIONS, string> = {
  '2w': '2 weeks',
  '1m': '1 month',
  '2m': '2 months',
  '3m': '3 months',
  '6m': '6 months',
};

export function FoundLeague() {
  const [editions, reload] = useLoad(() => api.editions(), 'editions');
  const [name, setName] = useState('');
  const [teamName, setTeamName] = useState('');
  const [icon, setIcon] = useState<string>(ICONS[0]);
  const [domain, setDomain] = useState('en');
  const [search, setSearch] = useState('');
  const [duration, setDuration] = useState<keyof typeof DURATIONS>('1m');
  const [visibility, setVisibility] = useState<'public' | 'private'>('private');
  const [invitePolicy, setInvitePolicy] = useState<'members' | 'admin'>('members');
  const [format, setFormat] = useState<LeagueFormat>('points');
  const [roundDays, setRoundDays] = useState<RoundDays>(DEFAULT_ROUND_DAYS);
  const [playoffTeams, setPlayoffTeams] = useState<PlayoffTeams>(0);
  const { busy, refusal, run } = useAction();

  const shown = useMemo(() => {
    if (editions.status !== 'ready') return [];
    const needle = search.trim().toLowerCase();
    return editions.data.filter(
      (e) => !needle || e.code.includes(needle) || e.englishName.toLowerCase().includes(needle) || e.autonym.toLowerCase().includes(needle),
    );
  }, [editions, search]);

  const submit = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      const chosen = format === 'head-to-head' ? { format, roundDays, playoffTeams } : { format };
      const league = await api.createLeague({ name: name.trim(), teamName: teamName.trim(), icon, domain, duration, visibility, invitePolicy, ...chosen });
      navigate(`/leagues/${encodeURIComponent(league.id)}`);
    });
  };

  return (
    <Screen title="Found a league">
      <form class="card stack" onSubmit={submit}>
        <label>
          League name
          <input required minLength={3} maxLength={50} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <label>
          Your team name
          <input required minLength={3} maxLength={30} value={teamName} onInput={(e) => setTeamName(e.currentTarget.value)} />
        </label>
        <fieldset>
          <legend>Icon</legend>
          <div class="icon-grid">
            {ICONS.map((choice) => (
              <label key={choice} class="icon-choice">
                <input type="radio" name="icon" value={choice} checked={icon === choice} onChange={() => setIcon(choice)} />
                <span>{choice}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend>Encyclopedia edition</legend>
          <Loaded load={editions} what="the encyclopedia editions" retry={reload}>
            {() => (
              <div class="stack">
                <label>
                  Search editions
                  <input type="search" value={search} onInput={(e) => setSearch(e.currentTarget.value)} placeholder="e.g. German, fr" />
                </label>
                <label>
                  Edition ({shown.length} shown)
                  <select size={6} value={domain} onChange={(e) => setDomain(e.currentTarget.value)}>
                    {shown.map((e) => (
                      <option key={e.code} value={e.code}>
                        {e.englishName} · {e.autonym} ({e.code})
                      </option>
                    ))}
                  </select>
                </label>
                <p class="hint">Chosen: {domain}</p>
              </div>
            )}
          </Loaded>
        </fieldset>
        <label>
          Season length
          <select value={duration} onChange={(e) => setDuration(e.currentTarget.value as keyof typeof DURATIONS)}>
            {(Object.keys(DURATIONS) as (keyof typeof DURATIONS)[]).map((code) => (
              <option key={code} value={code}>
                {DURATION_LABELS[code]}
              </option>
            ))}
          </select>
        </label>
        <fieldset>
          <legend>How the league is won</legend>
          <label class="choice">
            <input type="radio" name="format" checked={format === 'points'} onChange={() => setFormat('points')} />
            Points: the most points over the season wins
          </label>
          <label class="choice">
            <input type="radio" name="format" checked={format === 'head-to-head'} onChange={() => setFormat('head-to-head')} />
            Head-to-head: one rival each round, 3 table points a win
          </label>
          {format === 'head-to-head' && (
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
          )}
          {format === 'head-to-head' && <PlayoffChoice value={playoffTeams} onChange={setPlayoffTeams} name="playoffs" />}
          <p class="hint">
            The format is fixed for the league’s life; its admin may change the round length and playoffs until the end of its first day.{' '}
            <a href="/how-to-play#formats" target="_blank" rel="noopener">
              How the formats work (opens in a new tab)
            </a>
          </p>
        </fieldset>
        <fieldset>
          <legend>Who can join</legend>
          <label class="choice">
            <input type="radio" name="visibility" checked={visibility === 'private'} onChange={() => setVisibility('private')} />
            Private: only with the invitation code
          </label>
          <label class="choice">
            <input type="radio" name="visibility" checked={visibility === 'public'} onChange={() => setVisibility('public')} />
            Public: listed for everyone
          </label>
        </fieldset>
        <fieldset>
          <legend>Who sees the invitation code</legend>
          <label class="choice">
            <input type="radio" name="invite" checked={invitePolicy === 'members'} onChange={() => setInvitePolicy('members')} />
            Every member
          </label>
          <label class="choice">
            <input type="radio" name="invite" checked={invitePolicy === 'admin'} onChange={() => setInvitePolicy('admin')} />
            Only me
          </label>
        </fieldset>
        <Refusal code={refusal} />
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Founding…' : 'Found the league'}
        </button>
      </form>
    </Screen>
  );
}
