/**
 * A request already parsed whose refusal, if any, is held back: the interface orders some
 * checks on the caller's state (a league that exists, a team the caller has) before the
 * body's own checks, so the service, not the parser, decides when a bad body is refused.
 */
export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown };

/** The parsed value, or the parser's own failure thrown now. */
export function accepted<T>(checked: Checked<T>): T {
  if (checked.ok) return checked.value;
  throw checked.error;
}
