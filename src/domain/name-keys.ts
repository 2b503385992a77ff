/**
 * The keys names are unique by. Every layer that writes or looks up a name (services, store
 * callers, test builders) derives the key here, so two spellings can never disagree.
 */

/** Usernames are unique regardless of case; their alphabet is ASCII, so lower-casing folds them. */
export function usernameKey(username: string): string {
  return username.toLowerCase();
}

/**
 * Team names are unique per league regardless of case. Upper- then lower-casing
 * approximates full case folding (`Straße` and `STRASSE` collide).
 */
export function teamNameKey(name: string): string {
  return name.trim().normalize('NFC').toUpperCase().toLowerCase();
}
