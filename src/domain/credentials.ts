import { characterCount } from './values';

export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{3,30}$/;

/** No minimum, empty allowed, no composition rules. */
export const PASSWORD_MAX_CHARACTERS = 200;

export function passwordWithinLimit(password: string): boolean {
  return characterCount(password) <= PASSWORD_MAX_CHARACTERS;
}
