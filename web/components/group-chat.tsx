/**
 * The league admin's group chat: the webhook the morning results, new teams and the season's
 * end are posted to, whether it is working, and how to change or remove it.
 */
import { useState } from 'preact/hooks';
import { api, type Webhook } from '../api';
import { Done, Refusal, day, useAction, useLoad } from './ui';

type Format = Webhook['format'];

const FORMATS: [Format, string][] = [
  ['discord', 'Discord'],
  ['slack', 'Slack'],
  ['json', 'Other (plain JSON)'],
];

function formatName(format: Format): string {
  return FORMATS.find(([value]) => value === format)?.[1] ?? format;
}

/** The hook's state in words: working, not tried yet, or failing since when and why. */
function HookState(props: { hook: Webhook }) {
  const { hook } = props;
  const waiting = hook.pending > 0 ? ` ${hook.pending} message${hook.pending === 1 ? '' : 's'} waiting.` : '';
  if (hook.status === 'failing')
    return (
      <p class="refusal" role="status">
        <span aria-hidden="true">⚠ </span>
        Not working since {day(hook.failingSince ?? hook.createdAt)}
        {hook.lastError ? ` (${hook.lastError})` : ''}: messages are retried for a day, then dropped.{waiting}
      </p>
    );
  if (hook.status === 'new') return <p role="status">Set; nothing has been posted yet.{waiting}</p>;
  return (
    <p role="status">
      Working: last posted {day(hook.lastSuccessAt ?? hook.createdAt)}.{waiting}
    </p>
  );
}

export function GroupChat(props: { leagueId: string; title: string }) {
  const [load, reload] = useLoad(() => api.webhook(props.leagueId), `webhook:${props.leagueId}`);
  const [url, setUrl] = useState('');
  const [format, setFormat] = useState<Format>('discord');
  const [editing, setEditing] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const { busy, refusal, run } = useAction();
  if (load.status !== 'ready') return null;
  const hook = load.data;

  const save = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      await api.setWebhook(props.leagueId, { url: url.trim(), format });
      setUrl('');
      setEditing(false);
      reload();
    });
  };
  const remove = () =>
    void run(async () => {
      await api.removeWebhook(props.leagueId);
      reload();
    });
  const sendTest = () =>
    void run(async () => {
      await api.testWebhook(props.leagueId);
      setSent('A test message is on its way to the chat: it should show there within a few seconds.');
      reload();
    });

  return (
    <section class="card stack" aria-labelledby="group-chat-heading">
      <h2 id="group-chat-heading">Group chat</h2>
      {hook && !editing ? (
        <>
          <p>
            {props.title} posts each morning’s result, teams joining and leaving, a closure and the season’s end to {formatName(hook.format)} at{' '}
            <code>{hook.url}</code>.
          </p>
          <HookState hook={hook} />
          <Done text={sent} />
          <p class="row">
            <button type="button" onClick={sendTest} disabled={busy}>
              Send a test message
            </button>
            <button type="button" onClick={() => setEditing(true)} disabled={busy}>
              Change the webhook…
            </button>
            <button type="button" onClick={remove} disabled={busy}>
              Stop posting
            </button>
          </p>
        </>
      ) : (
        <form class="stack" onSubmit={save}>
          <p>
            Post each morning’s result, teams joining and leaving, a closure and the season’s end to your group chat, each with a link back here. Copy the webhook address from the
            chat’s settings (in Discord: Edit channel, Integrations, Webhooks). Credits and invitation codes are never posted.
          </p>
          <label>
            Chat
            <select value={format} onChange={(e) => setFormat(e.currentTarget.value as Format)}>
              {FORMATS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Webhook address
            <input type="url" inputMode="url" required maxLength={500} placeholder="https://" value={url} onInput={(e) => setUrl(e.currentTarget.value)} />
          </label>
          <p class="row">
            <button type="submit" class="primary" disabled={busy}>
              Save the webhook
            </button>
            {hook && (
              <button type="button" onClick={() => setEditing(false)} disabled={busy}>
                Cancel
              </button>
            )}
          </p>
        </form>
      )}
      <Refusal code={refusal} />
    </section>
  );
}
