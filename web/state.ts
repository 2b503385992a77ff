/** What several screens share: who is signed in, the in-box and its unread count. */
import { computed, signal } from '@preact/signals';
import { api, type LeaderboardEntry, type League, type Notification, type Player, type Session } from './api';
import { navigate } from './router';

const HINT = 'afl.signedIn';
const RETURN_TO = 'afl.returnTo';

/**
 * The session cookie is HTTP-only, so the app keeps a hint that one was set: an anonymous
 * visitor goes straight to sign-in instead of asking the API and being refused.
 */
export function hasSessionHint(): boolean {
  return localStorage.getItem(HINT) === '1';
}

export const session = signal<Session | null>(null);
export const notifications = signal<Notification[]>([]);
export const unreadCount = computed(() => notifications.value.filter((n) => !n.isRead).length);

export function rememberSignedIn(who: Session): void {
  localStorage.setItem(HINT, '1');
  session.value = who;
}

export function forgetSession(): void {
  localStorage.removeItem(HINT);
  session.value = null;
  notifications.value = [];
  me = null;
  // a browser that kept the league hint of an earlier version forgets it too
  localStorage.removeItem('afl.memberOf');
}

/** A 401 anywhere: back to sign-in, remembering the page to come back to. */
export function sendToSignIn(): void {
  const here = location.pathname + location.search;
  if (!here.startsWith('/signin') && !here.startsWith('/auth/')) sessionStorage.setItem(RETURN_TO, here);
  forgetSession();
  navigate('/signin', { replace: true, force: true });
}

/** The page a sign-in will return to, left in place (the sign-in screen names an invitation in it). */
export function peekReturnTo(): string | null {
  return sessionStorage.getItem(RETURN_TO);
}

export function rememberReturnTo(to: string): void {
  sessionStorage.setItem(RETURN_TO, to);
}

export interface PendingInvitation {
  code: string;
  /** the league's name as the shared link gave it; only a label until the join screen reads the league */
  league: string | null;
}

/** An invitation link the visitor opened before signing in: it must survive sign-up and sign-in. */
export function pendingInvitation(): PendingInvitation | null {
  const back = peekReturnTo();
  if (!back) return null;
  const url = new URL(back, location.origin);
  const found = /^\/join\/([^/]+)$/.exec(url.pathname);
  if (!found) return null;
  return { code: decodeURIComponent(found[1]).toUpperCase(), league: url.searchParams.get('league') };
}

/**
 * Standings rows the player has seen, by team id: a team's line-up opened from its row names
 * its rank and points without reading a table that may hold 100,000 teams.
 */
const seenEntries = new Map<string, LeaderboardEntry>();
export function rememberEntries(rows: readonly LeaderboardEntry[]): void {
  for (const row of rows) seenEntries.set(row.team.id, row);
}
export function seenEntry(teamId: string): LeaderboardEntry | null {
  return seenEntries.get(teamId) ?? null;
}

/** The signed-in player, asked once per session: several screens find the player's own rows by it. */
let me: Promise<Player> | null = null;
export function currentPlayer(): Promise<Player> {
  me ??= api.player().catch((error: unknown) => {
    me = null;
    throw error;
  });
  return me;
}

export function takeReturnTo(): string | null {
  const to = sessionStorage.getItem(RETURN_TO);
  sessionStorage.removeItem(RETURN_TO);
  return to;
}

export async function refreshNotifications(): Promise<void> {
  try {
    notifications.value = await api.notifications();
  } catch {
    // The badge is a hint; the in-box screen shows its own failure with a retry.
  }
}

/**
 * Which leagues are head-to-head, as the league screens have read them: the league's tabs
 * offer "Fixtures" on every screen of such a league without reading the league again.
 * Kept across reloads (a hint only: the league home corrects it whenever it reads the league).
 */
const HEAD_TO_HEAD = 'afl.headToHead';
export const headToHeadLeagues = signal<ReadonlySet<string>>(new Set(readSaved(HEAD_TO_HEAD)));
function readSaved(key: string): string[] {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(saved) ? saved.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}
export function rememberFormat(league: Pick<League, 'id' | 'format'>): void {
  const known = headToHeadLeagues.value;
  const isHeadToHead = league.format === 'head-to-head';
  if (known.has(league.id) === isHeadToHead) return;
  const next = new Set(known);
  if (isHeadToHead) next.add(league.id);
  else next.delete(league.id);
  headToHeadLeagues.value = next;
  localStorage.setItem(HEAD_TO_HEAD, JSON.stringify([...next]));
}
