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

/** What failed, why in words, and a way to try again: never a blank screen. */
export function Failed(props: { what: string; code: string; retry?: () => void }) {
  return (
    <div class="failed" role="alert">
      <p>
        <strong>Could not load {props.what}.</strong> {sentenceFor(props.code)}
      </p>
      {props.retry && (
        <button type="button" onClick={props.retry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** Renders a load: the spinner line, the failure with retry, or the content. */
export function Loaded<T>(props: { load: Load<T>; what: string; retry: () => void; children: (data: T) => ComponentChildren }) {
  if (props.load.status === 'loading') return <Loading what={props.what} />;
  if (props.load.status === 'failed') return <Failed what={props.what} code={props.load.code} retry={props.retry} />;
  return <>{props.children(props.load.data)}</>;
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

export function Done(props: { text: string | null }) {
  if (!props.text) return null;
  return (
    <p class="done" role="status">
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
/** Points are fractional (chemistry adds halves); one decimal is what a table can show. */
const pointsFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
export function points(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : pointsFormat.format(value);
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
