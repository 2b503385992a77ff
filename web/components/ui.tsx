/** Building blocks every screen uses: the titled screen, loading, failure with retry, notices. */
import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from '../api';
import { sentenceFor } from '../errors';

export function errorCode(error: unknown): string {
  return error instanceof ApiError ? error.code : 'INTERNAL_ERROR';
}

/** One screen: its heading, and the document title every screen sets. Focus goes to the heading. */
export function Screen(props: { title: string; heading?: string; children: ComponentChildren; lead?: ComponentChildren }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${props.title} · Article Fantasy League`;
  }, [props.title]);
  useEffect(() => {
    // After a client-side navigation the reader's place is the new screen's heading.
    if (document.activeElement === document.body || document.activeElement === null) heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section class="screen" aria-labelledby="screen-heading">
      <h1 id="screen-heading" tabIndex={-1} ref={heading}>
        {props.heading ?? props.title}
      </h1>
      {props.lead}
      {props.children}
    </section>
  );
}

export type Load<T> = { status: 'loading' } | { status: 'failed'; code: string } | { status: 'ready'; data: T };

/** Loads once per key; `reload` runs it again (after an action, or from the retry button). */
export function useLoad<T>(load: () => Promise<T>, key: string): [Load<T>, () => void] {
  const [state, setState] = useState<Load<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ status: 'ready', data }),
      (error: unknown) => live && setState({ status: 'failed', code: errorCode(error) }),
    );
    return () => {
      live = false;
    };
  }, [key, round]);
  return [state, useCallback(() => setRound((r) => r + 1), [])];
}

export function Loading(props: { what: string }) {
  return (
    <p class="loading" role="status">
      Loading {props.what}…
    </p>
  );
}

/** Answers that trying again cannot change: the thing is not there (or not the player's). */
const NOT_THERE = new Set(['NOT_FOUND', 'LEAGUE_NOT_FOUND', 'NO_TEAM_IN_LEAGUE', 'TEAM_NOT_FOUND', 'ARTICLE_NOT_FOUND', 'CONTRACT_NOT_FOUND', 'PLAYER_NOT_FOUND']);
export function isNotThere(code: string): boolean {
  return NOT_THERE.has(code);
}
/** A league screen whose league is gone, or not the player's: its sections would lead nowhere. */
export function leagueIsGone(load: Load<unknown>): boolean {
  return load.status === 'failed' && isNotThere(load.code);
}

/** The way out of a dead end: home, or the league itself when only a team is missing. */
function WayOut(props: { code: string; leagueId?: string }) {
  if (props.code === 'NO_TEAM_IN_LEAGUE' && props.leagueId)
    return (
      <p class="actions">
        <a class="button primary" href={`/leagues/${encodeURIComponent(props.leagueId)}`}>
          Open the league to join it
        </a>
        <a class="button" href="/home">
          Go to your leagues
        </a>
      </p>
    );
  return (
    <p>
      <a class="button primary" href="/home">
        Go to your leagues
      </a>
    </p>
  );
}

/** What failed, why in words, and a way on: a retry when it may help, a way home when it cannot. */
export function Failed(props: { what: string; code: string; retry?: () => void; leagueId?: string }) {
  const gone = isNotThere(props.code);
  return (
    <div class="failed" role="alert">
      <p>
        {gone ? <strong>{sentenceFor(props.code)}</strong> : <><strong>Could not load {props.what}.</strong> {sentenceFor(props.code)}</>}
      </p>
      {gone ? (
        <WayOut code={props.code} leagueId={props.leagueId} />
      ) : (
        props.retry && (
          <button type="button" onClick={props.retry}>
            Try again
          </button>
        )
      )}
    </div>
  );
}

/** Renders a load: the spinner line, the failure with retry, or the content. */
export function Loaded<T>(props: { load: Load<T>; what: string; retry: () => void; leagueId?: string; children: (data: T) => ComponentChildren }) {
  if (props.load.status === 'loading') return <Loading what={props.what} />;
  if (props.load.status === 'failed') return <Failed what={props.what} code={props.load.code} retry={props.retry} leagueId={props.leagueId} />;
  return <>{props.children(props.load.data)}</>;
}

/** The app's own answer to an address that leads nowhere, with a way home. */
export function NotFound(props: { text?: string }) {
  return (
    <Screen title="Not found" heading="Nothing here">
      <p>{props.text ?? 'There is no page at this address. It may have been mistyped, or the link is old.'}</p>
      <p>
        <a class="button primary" href="/home">
          Go to your leagues
        </a>
      </p>
    </Screen>
  );
}

export function Refusal(props: { code: string | null }) {
  if (!props.code) return null;
  return (
    <p class="refusal" role="alert">
      <span aria-hidden="true">⚠ </span>
      {sentenceFor(props.code)}
    </p>
  );
}

/**
 * What an action did. With `bring`, it is scrolled into view and focused when it changes: the
 * action may have been taken far down a long list, and a message at the top unseen is no answer.
 */
export function Done(props: { text: string | null; bring?: boolean }) {
  const box = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (props.bring && props.text && box.current) {
      box.current.focus({ preventScroll: true });
      box.current.scrollIntoView({ block: 'center' });
    }
  }, [props.text, props.bring]);
  if (!props.text) return null;
  return (
    <p class="done" role="status" ref={box} tabIndex={props.bring ? -1 : undefined}>
      <span aria-hidden="true">✓ </span>
      {props.text}
    </p>
  );
}

/** Runs an action, tracking busy and the refusal code, so forms stay a few lines. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const run = useCallback(async <T,>(action: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setRefusal(null);
    try {
      return await action();
    } catch (error) {
      setRefusal(errorCode(error));
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, refusal, setRefusal, run };
}

const numberFormat = new Intl.NumberFormat('en');
export function credits(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : `${numberFormat.format(value)} cr`;
}
/**
 * Points are fractional (chemistry adds halves): always one decimal, the same everywhere, so
 * "26" and "25.9" never stand side by side for what reads as the same kind of figure.
 */
const pointsFormat = new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
export function points(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : pointsFormat.format(value);
}

/**
 * Parts of a total, each rounded to tenths so that the shown parts add up to the shown total
 * (largest remainders get the spare tenths); rounding each part alone can leave them 0.1 off.
 */
export function tenthsAddingUp(parts: readonly number[], total: number): number[] {
  const target = Math.round(total * 10);
  const scaled = parts.map((p) => p * 10);
  const floors = scaled.map((v) => Math.floor(v + 1e-9));
  let spare = target - floors.reduce((a, b) => a + b, 0);
  const order = scaled.map((v, i) => [v - floors[i], i] as const).sort((a, b) => b[0] - a[0]);
  const out = [...floors];
  for (let k = 0; spare > 0 && order.length > 0; k = (k + 1) % order.length, spare--) out[order[k][1]] += 1;
  for (let k = order.length - 1; spare < 0 && order.length > 0; k = (k - 1 + order.length) % order.length, spare++) out[order[k][1]] -= 1;
  return out.map((t) => t / 10);
}
export function count(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : numberFormat.format(value);
}

const dayFormat = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
export function day(iso: string): string {
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(date.getTime()) ? iso : dayFormat.format(date);
}

export function rankChange(delta: number | null): { text: string; icon: string } {
  if (delta === null) return { text: 'new', icon: '•' };
  if (delta > 0) return { text: `up ${delta}`, icon: '▲' };
  if (delta < 0) return { text: `down ${-delta}`, icon: '▼' };
  return { text: 'no change', icon: '=' };
}
