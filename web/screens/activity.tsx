/** Screen: everything that happened in a league, newest first, a page at a time. */
import { useState } from 'preact/hooks';
import { api, type ActivityEvent } from '../api';
import { ActivityList } from '../components/activity';
import { LeagueNav, leagueIsOver } from '../components/league-nav';
import { Failed, Loaded, Screen, errorCode, leagueIsGone, useLoad } from '../components/ui';
import { rememberFormat } from '../state';

const PAGE = 30;

export function ActivityScreen(props: { id: string }) {
  const [load, reload] = useLoad(async () => {
    const [league, page, team] = await Promise.all([api.league(props.id), api.activity(props.id, PAGE), api.myTeam(props.id)]);
    rememberFormat(league);
    return { league, page, team };
  }, `${props.id}/activity`);
  const [older, setOlder] = useState<{ events: ActivityEvent[]; next: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const title = load.status === 'ready' ? load.data.league.title : undefined;
  return (
    <Screen title={title ? `Activity · ${title}` : 'Activity'} heading="Activity">
      {!leagueIsGone(load) && <LeagueNav id={props.id} title={title} archived={load.status === 'ready' && leagueIsOver(load.data.league)} />}
      <Loaded load={load} what="the league’s activity" retry={reload} leagueId={props.id}>
        {({ page, team }) => {
          const events = [...page.events, ...(older?.events ?? [])];
          const next = older ? older.next : page.next;
          const more = async () => {
            if (!next) return;
            setBusy(true);
            setFailed(null);
            try {
              const further = await api.activity(props.id, PAGE, next);
              setOlder({ events: [...(older?.events ?? []), ...further.events], next: further.next });
            } catch (error) {
              setFailed(errorCode(error));
            } finally {
              setBusy(false);
            }
          };
          return (
            <>
              <p class="sub">Joins, departures, buys, sales, renewals, expiries and round results, newest first. Amounts of credits stay private.</p>
              <ActivityList events={events} leagueId={props.id} myTeamId={team.id} label="What happened, newest first" />
              {next && (
                <p>
                  <button type="button" onClick={more} disabled={busy}>
                    {busy ? 'Loading…' : 'Load more'}
                  </button>
                </p>
              )}
              {!next && events.length > 0 && <p class="sub">That is everything since the league was founded.</p>}
              {failed && <Failed what="older activity" code={failed} retry={more} />}
            </>
          );
        }}
      </Loaded>
    </Screen>
  );
}
