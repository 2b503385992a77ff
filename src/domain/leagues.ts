import { hasInvisibleCharacters } from './name-keys';
import { fail } from './errors';
import { isoInstant, utcDay, DAY_MS } from './dates';
import { characterCount } from './values';

/** Exactly as the interface writes them: two carry the variation selector U+FE0F and two do not. */
export const ICONS = [
  '🏆',
  '⚽',
  '🌍',
  '📚',
  '🔬',
  '🎮',
  '🏀',
  '🎯',
  '⭐',
  '🦁',
  '🐉',
  '🔥',
  '💎',
  '🛡️',  // U+1F6E1 U+FE0F
  '⚔️',  // U+2694 U+FE0F
  '🎪',
  '🚀',
  '🌟',
  '🏅',
  '👑',
  '🦅',
  '🐺',
  '🎭',
  '🌊',
] as const;
export type LeagueIcon = (typeof ICONS)[number];

export const DURATIONS = { '2w': 14, '1m': 30, '2m': 60, '3m': 90, '6m': 180 } as const;
export type DurationCode = keyof typeof DURATIONS;

const VISIBILITIES = ['public', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
const INVITE_POLICIES = ['members', 'admin'] as const;
export type InvitePolicy = (typeof INVITE_POLICIES)[number];

const LEAGUE_NAME_MIN = 3;
const LEAGUE_NAME_MAX = 50;
const TEAM_NAME_MIN = 3;
const TEAM_NAME_MAX = 30;
const DOMAIN_MAX_LENGTH = 20;
const DOMAIN_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

function trimmed(value: unknown): string | null {
  return typeof value === 'string' ? value.trim() : null;
}

/** Code points, so an emoji is one, not two. */
function lengthWithin(text: string, min: number, max: number): boolean {
  const length = characterCount(text);
  return length >= min && length <= max;
}

function oneOf<T extends string>(allowed: readonly T[], value: string | null): value is T {
  return value !== null && (allowed as readonly string[]).includes(value);
}

export function isValidDomainCode(domain: string): boolean {
  return domain.length >= 1 && domain.length <= DOMAIN_MAX_LENGTH && DOMAIN_PATTERN.test(domain);
}

/* Each field's canonical value or null; the request schema (features/leagues/wire.ts) checks them in the interface's order. */

export function leagueNameOf(value: unknown): string | null {
  const name = trimmed(value);
  return name !== null && lengthWithin(name, LEAGUE_NAME_MIN, LEAGUE_NAME_MAX) && !hasInvisibleCharacters(name) ? name : null;
}

export function leagueIconOf(value: unknown): LeagueIcon | null {
  const icon = trimmed(value);
  return oneOf(ICONS, icon) ? icon : null;
}

export function domainCodeOf(value: unknown): string | null {
  const domain = trimmed(value);
  return domain !== null && isValidDomainCode(domain) ? domain : null;
}

export function durationOf(value: unknown): DurationCode | null {
  const duration = trimmed(value);
  return duration !== null && Object.hasOwn(DURATIONS, duration) ? (duration as DurationCode) : null;
}

export function visibilityOf(value: unknown): Visibility | null {
  const visibility = trimmed(value);
  return oneOf(VISIBILITIES, visibility) ? visibility : null;
}

export function invitePolicyOf(value: unknown): InvitePolicy | null {
  const policy = trimmed(value);
  return oneOf(INVITE_POLICIES, policy) ? policy : null;
}

/** Null unless 3–30 visible characters: `Founders\u200b 1` beside `Founders 1` is refused like a bad length. */
export function teamNameOf(value: unknown): string | null {
  const name = trimmed(value);
  return name !== null && lengthWithin(name, TEAM_NAME_MIN, TEAM_NAME_MAX) && !hasInvisibleCharacters(name) ? name : null;
}

/** Else throws TEAM_NAME_LENGTH (also for a non-string). */
export function validateTeamName(name: unknown): string {
  return teamNameOf(name) ?? fail('TEAM_NAME_LENGTH');
}

/** Stored values outside the vocabulary fall back to the more restrictive choice. */
export function storedVisibility(value: unknown): Visibility {
  return value === 'public' ? 'public' : 'private';
}

export function storedInvitePolicy(value: unknown): InvitePolicy {
  return value === 'members' ? 'members' : 'admin';
}

function toMs(instant: string | Date): number {
  return instant instanceof Date ? instant.getTime() : Date.parse(instant);
}

/** "ended" is derived, never stored; only closedAt is. */
export function isLeagueInactive(league: { closedAt: string | null; endDate: string }, now: Date | string): boolean {
  return league.closedAt !== null || toMs(now) > toMs(league.endDate);
}

export interface SeasonBounds {
  startDate: string;
  endDate: string;
  closedAt: string | null;
}

/** Scored only inside the season and before the closing day. */
export function isInSeasonOn(league: SeasonBounds, date: string): boolean {
  const start = utcDay(new Date(league.startDate));
  const end = utcDay(new Date(league.endDate));
  if (!(start <= date && date < end)) return false;
  return league.closedAt === null || date < utcDay(new Date(league.closedAt));
}

/** Not calendar months: `1m` is 30 days. */
export function seasonEnd(start: string | Date, durationDays: number): string {
  return isoInstant(new Date(toMs(start) + durationDays * DAY_MS));
}
