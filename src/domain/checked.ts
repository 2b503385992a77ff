/** A parsed request whose refusal is held back: the interface orders some checks on the caller's state before the body's own. */
export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown };

export function accepted<T>(checked: Checked<T>): T {
  if (checked.ok) return checked.value;
  throw checked.error;
}
