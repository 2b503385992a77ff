/**
 * The Global League: one seeded public league every player may join and nobody may
 * leave or close. Seeding is idempotent: `serve` and `migrate` seed it when it is absent, so a
 * newcomer's first player has a league to join; `fantasy seed-global` chooses its edition or name.
 */
import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/log';
import { type Database, writeTransaction } from '../../platform/db/database';
import { findLeague, insertLeague, type LeagueRow } from './store';
import { ensurePlayer } from '../auth/store';
import { DAY_MS } from '../../domain/dates';
import { usernameKey } from '../../domain/name-keys';
import { isFailure } from '../../domain/errors';
import { findLanguageScale } from './language-scales-store';

export const GLOBAL_LEAGUE_ID = 'global';
const GLOBAL_LEAGUE_NAME = 'Global League';
/** The seeded admin of the Global League; no session can name it (no sign-in mints `system:` subjects). */
const SYSTEM_PLAYER_ID = 'system';
/**
 * Outside the sign-up alphabet `[A-Za-z0-9_-]` on purpose: `_system` was a legal username,
 * and a player who took it first made seeding fail on the unique username.
 */
const SYSTEM_USERNAME = ':system';
const GLOBAL_SEASON = { startDate: '2024-01-01T00:00:00.000Z', endDate: '2124-01-01T00:00:00.000Z' } as const;

export function isGlobalLeague(leagueId: string): boolean {
  return leagueId === GLOBAL_LEAGUE_ID;
}

export interface SeedGlobalOptions {
  domain?: string;
  name?: string;
}

export interface SeedGlobalResult {
  created: boolean;
  league: LeagueRow;
  /** where the factor came from: `registry`, or `calibrated` just now */
  scaleSource?: 'registry' | 'calibrated';
}

/** How the seeder learns an edition's factor: the registry, else the edition list and the interface's fallback. */
export interface ScaleSource {
  resolveScale(domain: string): Promise<{ domain: string; scale: number }>;
  calibration: { registered(domain: string): unknown };
}

/**
 * Creates the Global League (and its system admin) unless it exists; an existing league is
 * left exactly as it is. `L` comes from the registry, calibrating the edition when needed
 * (network first, then one short transaction).
 */
export async function seedGlobalLeague(
  deps: { db: Database; clock: Clock; log: Logger; scales: ScaleSource },
  options: SeedGlobalOptions = {},
): Promise<SeedGlobalResult> {
  const { db, clock, log, scales } = deps;
  const existing = await findLeague(db, GLOBAL_LEAGUE_ID);
  if (existing) return { created: false, league: existing };
  const domain = options.domain ?? 'en';
  const name = options.name?.trim() || GLOBAL_LEAGUE_NAME;
  const registered = !!(await scales.calibration.registered(domain));
  const scale = await scales.resolveScale(domain);
  const now = clock.now().toISOString();
  const result = await writeTransaction(db, async (tx) => {
    const raced = await findLeague(tx, GLOBAL_LEAGUE_ID);
    if (raced) return { created: false, league: raced };
    await ensurePlayer(tx, {
      id: SYSTEM_PLAYER_ID,
      subject: 'system:global-league',
      username: SYSTEM_USERNAME,
      usernameKey: usernameKey(SYSTEM_USERNAME),
      name: 'System',
      createdAt: now,
    });
    const league = await insertLeague(tx, {
      id: GLOBAL_LEAGUE_ID,
      name,
      domain: scale.domain,
      languageScale: scale.scale,
      icon: '🌍',
      durationDays: Math.round((Date.parse(GLOBAL_SEASON.endDate) - Date.parse(GLOBAL_SEASON.startDate)) / DAY_MS),
      startDate: GLOBAL_SEASON.startDate,
      endDate: GLOBAL_SEASON.endDate,
      visibility: 'public',
      invitePolicy: 'members',
      invitationCode: null,
      adminId: SYSTEM_PLAYER_ID,
      closedAt: null,
      createdAt: now,
      // the Global League is ranked by its leaderboard, never in rounds
      format: 'points',
      roundDays: null,
    });
    return { created: true, league };
  });
  if (result.created) log.info('global league seeded', { domain: result.league.domain, scale: result.league.languageScale });
  return { ...result, scaleSource: registered ? 'registry' : 'calibrated' };
}

/**
 * The registry alone, for `migrate`, which reaches no outside system: the default edition
 * (`en`) is in the registry from the first migration on.
 */
export function registryScales(db: Database): ScaleSource {
  return {
    calibration: { registered: (domain) => findLanguageScale(db, domain) },
    async resolveScale(domain) {
      const known = await findLanguageScale(db, domain);
      if (!known) throw new Error(`edition ${domain} is not in the registry`);
      return { domain: known.domain, scale: known.scale };
    },
  };
}

/**
 * Seeds the Global League on its defaults unless it exists, for `serve` and `migrate`.
 * Never fails them: a league that cannot be seeded is logged, and `fantasy seed-global`
 * says why.
 */
export async function ensureGlobalLeague(deps: { db: Database; clock: Clock; log: Logger; scales: ScaleSource }): Promise<SeedGlobalResult | null> {
  try {
    return await seedGlobalLeague(deps);
  } catch (error) {
    const reason = isFailure(error) ? error.code : error instanceof Error ? error.message : String(error);
    deps.log.warn('the Global League could not be seeded: `fantasy seed-global` retries', { reason });
    return null;
  }
}
