/** Screen 8: every league's notifications, newest first, unread marked in words; mark read. */
import { useEffect, useState } from 'preact/hooks';
import { api, type Notification } from '../api';
import { Loaded, Refusal, Screen, credits, day, useAction, useLoad } from '../components/ui';
import { notifications } from '../state';

/**
 * What the money line meant, in words, beside the interface's own sentence: "+0 credits" is
 * the profit against the price paid, not what came back (issue 23).
 */
function Paid(props: { note: Notification }) {
  const c = props.note.contract;
  if (c.salePayout === null) return null;
  const back = c.salePayout;
  const against = back - c.purchasePrice;
  const result = against === 0 ? 'exactly what it cost' : against > 0 ? `${credits(against)} more than it cost` : `${credits(-against)} less than it cost`;
  return (
    <p class="note-paid">
      <strong>{c.status === 'sold' ? 'Paid to you' : 'Paid back to you'}: {credits(back)}</strong> for a contract bought at {credits(c.purchasePrice)}, {result}.
    </p>
  );
}

export function Inbox() {
  const [load, reload] = useLoad(async () => {
    const [list, leagues] = await Promise.all([api.notifications(), api.myLeagues()]);
    return { list, titles: new Map(leagues.map((l) => [l.id, l.title])) };
  }, 'inbox');
  const [read, setRead] = useState<Set<string>>(new Set());
  const { busy, refusal, run } = useAction();

  useEffect(() => {
    if (load.status === 'ready') notifications.value = load.data.list;
  }, [load]);

  const markRead = (ids: string[]) =>
    run(async () => {
      for (const id of ids) await api.markRead(id);
      const next = new Set([...read, ...ids]);
      setRead(next);
      notifications.value = notifications.value.map((n) => (next.has(n.id) ? { ...n, isRead: true } : n));
    });

  return (
    <Screen title="In-box" lead={<p><a href="/notification-settings">Notifications on this device</a>: hear of your results without opening the app.</p>}>
      <Loaded load={load} what="your in-box" retry={reload}>
        {({ list, titles }) => {
          const unread = list.filter((n) => !n.isRead && !read.has(n.id));
          return list.length === 0 ? (
            <p class="card empty">Nothing here yet. Sales, settlements and renewals of your contracts will show up here.</p>
          ) : (
            <>
              <p class="row">
                <span>{unread.length === 0 ? 'Everything is read.' : `${unread.length} unread`}</span>
                {unread.length > 0 && (
                  <button type="button" onClick={() => markRead(unread.map((n) => n.id))} disabled={busy}>
                    Mark all read
                  </button>
                )}
              </p>
              <Refusal code={refusal} />
              <ul class="inbox">
                {list.map((n) => {
                  const isRead = n.isRead || read.has(n.id);
                  return (
                    <li key={n.id} class={`card note${isRead ? '' : ' unread'}`}>
                      <p class="note-meta">
                        {!isRead && <span class="tag new">New</span>} {titles.get(n.leagueId) ?? 'A league you left'} · {day(n.date)}
                      </p>
                      <p class="note-text">{n.message}</p>
                      <Paid note={n} />
                      <p class="note-links">
                        <a href={`/leagues/${encodeURIComponent(n.leagueId)}/articles/${encodeURIComponent(n.contract.article.id)}`}>
                          {n.contract.article.title}
                        </a>
                        {titles.has(n.leagueId) && (
                          <a href={`/leagues/${encodeURIComponent(n.leagueId)}/contracts`}>Your contracts in {titles.get(n.leagueId)}</a>
                        )}
                      </p>
                      {!isRead && (
                        <button type="button" onClick={() => markRead([n.id])} disabled={busy}>
                          Mark read
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
            </>
          );
        }}
      </Loaded>
    </Screen>
  );
}
