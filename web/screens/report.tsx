/**
 * The problem report form (game-rules.md): category, title, description and consent. It
 * becomes a public issue, so the form says what is attached and never sends the e-mail.
 */
import { useState } from 'preact/hooks';
import { api, type FiledReport, type ReportCategory } from '../api';
import { queryParam } from '../router';
import { Refusal, Screen, useAction } from '../components/ui';

const TITLE_MAX = 120;
const BODY_MAX = 10_000;

const CATEGORIES: [ReportCategory, string][] = [
  ['broken', 'Something is broken'],
  ['visual', 'Something looks wrong'],
  ['idea', 'An idea for the game'],
  ['language', 'A wording or translation problem'],
  ['rules', 'A question about the rules'],
  ['other', 'Something else'],
];

export function ReportScreen() {
  const [category, setCategory] = useState<ReportCategory>('broken');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [consent, setConsent] = useState(false);
  const [filed, setFiled] = useState<FiledReport | null>(null);
  const { busy, refusal, run } = useAction();
  // The page the player came from, so the report says where the problem is.
  const route = queryParam('from') ?? undefined;
  const viewport = `${window.innerWidth}x${window.innerHeight}`;

  // A server without an issue tracker keeps the report itself and answers with this page's
  // own address naming it (README, problem reports): there is no tracker page to follow.
  const received = queryParam('received');
  const keptHere = filed ? new URL(filed.issueUrl, location.href).origin === location.origin : received !== null;
  if (filed || received !== null) {
    const number = filed ? filed.issueNumber : received;
    return (
      <Screen title={keptHere ? 'Report received' : 'Report sent'}>
        <div class="done card" role="status">
          {keptHere ? (
            <p>
              <span aria-hidden="true">✓ </span>Thank you. Report <strong>#{number}</strong> was received and is kept on this server, where the
              people who run it read it.
            </p>
          ) : (
            <>
              <p>
                <span aria-hidden="true">✓ </span>Thank you. Your report is issue <strong>#{number}</strong>.
              </p>
              <p>
                <a href={filed!.issueUrl} target="_blank" rel="noopener noreferrer">
                  Follow issue #{number} on the tracker
                </a>{' '}
                (opens a new tab; the tracker is public).
              </p>
            </>
          )}
        </div>
        <p>
          <a href={route ?? '/home'}>Back to where you were</a>
        </p>
      </Screen>
    );
  }

  return (
    <Screen title="Report a problem">
      <p>
        Your report goes to the people who run this server: as a public issue on their tracker where they keep one, otherwise kept on the server
        itself. Your e-mail address is never included.
      </p>
      <form
        class="card stack"
        onSubmit={(event) => {
          event.preventDefault();
          void run(async () =>
            setFiled(
              await api.report({
                category,
                title,
                body,
                contactConsent: consent,
                diagnostics: { route, viewport, locale: navigator.language, userAgent: navigator.userAgent },
              }),
            ),
          );
        }}
      >
        <label>
          What kind of problem?
          <select value={category} onChange={(e) => setCategory(e.currentTarget.value as ReportCategory)}>
            {CATEGORIES.map(([value, words]) => (
              <option key={value} value={value}>
                {words}
              </option>
            ))}
          </select>
        </label>
        <label>
          Title
          <input value={title} maxLength={TITLE_MAX} aria-describedby="title-count" onInput={(e) => setTitle(e.currentTarget.value)} />
        </label>
        <p class="hint" id="title-count">
          {title.trim().length} of {TITLE_MAX} characters.
        </p>
        <label for="report-body">What happened?</label>
        <textarea
          id="report-body"
          value={body}
          maxLength={BODY_MAX}

          aria-describedby="body-count"
          onInput={(e) => setBody(e.currentTarget.value)}
        />
        <p class="hint" id="body-count">
          {body.trim().length.toLocaleString('en')} of {BODY_MAX.toLocaleString('en')} characters.
        </p>
        <label class="choice">
          <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.currentTarget.checked)} />
          The maintainers may contact me about this report
        </label>
        <p class="hint break">
          Attached to help find the problem: the page you came from{route ? ` (${route})` : ''}, your screen size ({viewport}), language and
          browser.
        </p>
        <Refusal code={refusal} />
        <p>
          <button type="submit" class="primary" disabled={busy}>
            Send the report
          </button>
        </p>
      </form>
    </Screen>
  );
}
