/** What password sign-in accepts as a username and a password (interface: PasswordCredentials). */
import { characterCount } from './values';

/** 3 to 30 characters from `[A-Za-z0-9_-]`. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{3,30}$/;

/** Any string up to 200 characters: no minimum, empty allowed, no composition rules. */
export const PASSWORD_MAX_CHARACTERS = 200;

export function passwordWithinLimit(password: string): boolean {
  return characterCount(password) <= PASSWORD_MAX_CHARACTERS;
}
