/** League fields, creation validation, season and inactivity. */
import { hasInvisibleCharacters } from './name-keys';
import { fail } from './errors';
import { isoInstant, utcDay, DAY_MS } from './dates';
import { characterCount } from './values';

/**
 * The icons a league may carry, exactly as the interface writes them. Two carry the emoji
 * variation selector U+FE0F and two do not; a client must send the same sequence.
 */
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

/** Season lengths in days. */
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


/** Trimmed string, or null for anything that is not a string. */
function trimmed(value: unknown): string | null {
  return typeof value === 'string' ? value.trim() : null;
}

/** Counted in characters as people see them (code points), so an emoji is one, not two. */
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

/*
 * The fields of the interface's founding request, each as its canonical (trimmed) value or null when
 * the rule refuses it. The request schema (src/features/leagues/wire.ts) checks them in the interface's order.
 */

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

/**
 * The trimmed team name when it has 3–30 characters, none of them invisible, else null (also
 * for a non-string). The interface has one refusal for a team name outside its bounds, and a
 * name padded with characters nobody sees is one: `Founders\u200b 1` beside `Founders 1`.
 */
export function teamNameOf(value: unknown): string | null {
  const name = trimmed(value);
  return name !== null && lengthWithin(name, TEAM_NAME_MIN, TEAM_NAME_MAX) && !hasInvisibleCharacters(name) ? name : null;
}

/** Trimmed team name of 3–30 visible characters, else TEAM_NAME_LENGTH (also for a non-string). */
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

/** Proposed: day D is scored only inside the season and before the closing day. */
export function isInSeasonOn(league: SeasonBounds, date: string): boolean {
  const start = utcDay(new Date(league.startDate));
  const end = utcDay(new Date(league.endDate));
  if (!(start <= date && date < end)) return false;
  return league.closedAt === null || date < utcDay(new Date(league.closedAt));
}

/** End instant = start + days × 24 h (not calendar months: `1m` is 30 days). */
export function seasonEnd(start: string | Date, durationDays: number): string {
  return isoInstant(new Date(toMs(start) + durationDays * DAY_MS));
}
