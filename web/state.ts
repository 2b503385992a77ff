/** What several screens share: who is signed in, the in-box and its unread count. */
import { computed, signal } from '@preact/signals';
import { api, type Notification, type Session } from './api';
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
}

/** A 401 anywhere: back to sign-in, remembering the page to come back to. */
export function sendToSignIn(): void {
  const here = location.pathname + location.search;
  if (!here.startsWith('/signin') && !here.startsWith('/auth/')) sessionStorage.setItem(RETURN_TO, here);
  forgetSession();
  navigate('/signin', { replace: true });
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
