/** A small router over the History API: the current location lives in signals. */
import { signal } from '@preact/signals';

export const currentPath = signal(location.pathname);
export const currentSearch = signal(location.search);

/**
 * A screen with work the player has not saved says so here; leaving it in the app then asks
 * first (the browser's own `beforeunload` covers reloads and closing the tab).
 */
let leaveWarning: (() => string | null) | null = null;

export function warnBeforeLeaving(warning: (() => string | null) | null): void {
  leaveWarning = warning;
}

/** True when nothing is unsaved, or the player chose to leave it behind. */
export function mayLeave(): boolean {
  const message = leaveWarning?.() ?? null;
  if (message === null) return true;
  if (!confirm(message)) return false;
  leaveWarning = null;
  return true;
}

export function navigate(to: string, options: { replace?: boolean; force?: boolean } = {}): void {
  const url = new URL(to, location.origin);
  if (!options.force && url.pathname + url.search !== location.pathname + location.search && !mayLeave()) return;
  if (options.replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  currentPath.value = url.pathname;
  currentSearch.value = url.search;
  window.scrollTo(0, 0);
}

export function queryParam(name: string): string | null {
  return new URLSearchParams(currentSearch.value).get(name);
}

/** Same-origin links become client-side navigations; new tabs and downloads stay the browser's. */
export function startRouter(): void {
  addEventListener('popstate', () => {
    if (location.pathname + location.search !== currentPath.value + currentSearch.value && !mayLeave()) {
      // Stay: put the screen being left back on top of the history.
      history.pushState(null, '', currentPath.value + currentSearch.value);
      return;
    }
    currentPath.value = location.pathname;
    currentSearch.value = location.search;
  });
  addEventListener('beforeunload', (event) => {
    if (leaveWarning?.()) event.preventDefault();
  });
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, location.href);
    if (url.origin !== location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/auth/')) return;
    event.preventDefault();
    navigate(url.pathname + url.search);
  });
}

/** `/leagues/:id/market` against a path: the named parts, or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const have = path.replace(/\/+$/, '').split('/');
  if (path === '/') have.length = 1;
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) {
      if (!have[i]) return null;
      params[want[i].slice(1)] = decodeURIComponent(have[i]);
    } else if (want[i] !== have[i]) return null;
  }
  return params;
}
