/** Screen 8: every league's notifications, newest first, unread marked in words; mark read. */
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import { Loaded, Refusal, Screen, day, useAction, useLoad } from '../components/ui';
import { notifications } from '../state';

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
    <Screen title="In-box">
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
