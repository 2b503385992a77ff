import { describe, expect, it } from 'vitest';
import {
  DURATIONS,
  ICONS,
  isInSeasonOn,
  isLeagueInactive,
  seasonEnd,
  storedInvitePolicy,
  storedVisibility,
  validateTeamName,
} from '../../src/domain/leagues';
import { fail } from '../../src/domain/errors';
import { refusalCode } from '../../src/platform/http/wire/refusal-code';
import { CreateLeagueRequestSchema } from '../../src/features/leagues/wire';
import { teamNameKey } from '../../src/domain/name-keys';
import { failureCodeOf } from '../support/failures';

/** The founding request as the route kit reads a body: the schema's value, or the constant of its first refusal. */
function parseCreateLeague(body: unknown) {
  const result = CreateLeagueRequestSchema.safeParse(body);
  if (!result.success) fail(refusalCode(result.error.issues, 'LEAGUE_INVALID_PAYLOAD'));
  return result.data;
}

const valid = {
  name: '  Friday Quiz  ',
  icon: '🏆',
  domain: 'it',
  duration: '1m',
  visibility: 'private',
  invitePolicy: 'admin',
  teamName: ' The Readers ',
};

describe('icons (§6.1)', () => {
  it('are the 24 icons of §6.1, two with the variation selector', () => {
    expect(ICONS).toEqual([
      '\u{1F3C6}', '\u26BD', '\u{1F30D}', '\u{1F4DA}', '\u{1F52C}', '\u{1F3AE}', '\u{1F3C0}', '\u{1F3AF}',
      '\u2B50', '\u{1F981}', '\u{1F409}', '\u{1F525}', '\u{1F48E}', '\u{1F6E1}\uFE0F', '\u2694\uFE0F', '\u{1F3AA}',
      '\u{1F680}', '\u{1F31F}', '\u{1F3C5}', '\u{1F451}', '\u{1F985}', '\u{1F43A}', '\u{1F3AD}', '\u{1F30A}',
    ]);
  });
});

describe('the founding request (§6.2)', () => {
  it('returns the trimmed request with the duration in days', () => {
    expect(parseCreateLeague(valid)).toEqual({
      name: 'Friday Quiz',
      icon: '🏆',
      domain: 'it',
      duration: '1m',
      durationDays: 30,
      visibility: 'private',
      invitePolicy: 'admin',
      teamName: 'The Readers',
      format: 'points',
      roundDays: null,
      playoffTeams: 0,
    });
  });

  it.each([
    ['not an object', 'league', 'LEAGUE_INVALID_PAYLOAD'],
    ['null', null, 'LEAGUE_INVALID_PAYLOAD'],
    ['an array', [valid], 'LEAGUE_INVALID_PAYLOAD'],
    ['name too short after trim', { ...valid, name: '  ab  ' }, 'LEAGUE_NAME_LENGTH'],
    ['name of 51', { ...valid, name: 'x'.repeat(51) }, 'LEAGUE_NAME_LENGTH'],
    ['name not a string', { ...valid, name: 12345 }, 'LEAGUE_NAME_LENGTH'],
    ['unknown icon', { ...valid, icon: '🙂' }, 'LEAGUE_UNKNOWN_ICON'],
    ['shield without the variation selector', { ...valid, icon: '\u{1F6E1}' }, 'LEAGUE_UNKNOWN_ICON'],
    ['domain with capitals', { ...valid, domain: 'IT' }, 'LEAGUE_UNKNOWN_DOMAIN'],
    ['domain starting with a digit', { ...valid, domain: '1en' }, 'LEAGUE_UNKNOWN_DOMAIN'],
    ['domain with a trailing dash', { ...valid, domain: 'pt-' }, 'LEAGUE_UNKNOWN_DOMAIN'],
    ['domain of 21', { ...valid, domain: 'a'.repeat(21) }, 'LEAGUE_UNKNOWN_DOMAIN'],
    ['empty domain', { ...valid, domain: '' }, 'LEAGUE_UNKNOWN_DOMAIN'],
    ['unknown duration', { ...valid, duration: '1y' }, 'LEAGUE_UNKNOWN_DURATION'],
    ['duration as days', { ...valid, duration: 30 }, 'LEAGUE_UNKNOWN_DURATION'],
    ['unknown visibility', { ...valid, visibility: 'secret' }, 'LEAGUE_UNKNOWN_VISIBILITY'],
    ['missing invite policy', { ...valid, invitePolicy: undefined }, 'LEAGUE_UNKNOWN_INVITE_POLICY'],
    ['team name too short', { ...valid, teamName: ' ab ' }, 'TEAM_NAME_LENGTH'],
    ['team name of 31', { ...valid, teamName: 'x'.repeat(31) }, 'TEAM_NAME_LENGTH'],
  ])('%s → %s', (_label, body, code) => {
    expect(failureCodeOf(() => parseCreateLeague(body))).toBe(code);
  });

  it('accepts the edges: name 3 and 50, domain of 20 with dashes, team 3 and 30', () => {
    expect(parseCreateLeague({ ...valid, name: 'abc', teamName: 'xyz' })).toMatchObject({ name: 'abc', teamName: 'xyz' });
    expect(parseCreateLeague({ ...valid, name: 'x'.repeat(50), teamName: 'y'.repeat(30) })).toMatchObject({ name: 'x'.repeat(50), teamName: 'y'.repeat(30) });
    expect(parseCreateLeague({ ...valid, domain: 'zh-min-nan' }).domain).toBe('zh-min-nan');
    expect(parseCreateLeague({ ...valid, domain: 'a'.repeat(20) }).domain).toBe('a'.repeat(20));
    expect(parseCreateLeague({ ...valid, icon: '\u2694\uFE0F' }).icon).toBe('⚔️');
  });

  it('checks in the §6.2 order: the earliest bad field wins', () => {
    const allBad = { name: 'x', icon: '?', domain: 'X', duration: '?', visibility: '?', invitePolicy: '?', teamName: 'x' };
    expect(failureCodeOf(() => parseCreateLeague(allBad))).toBe('LEAGUE_NAME_LENGTH');
    expect(failureCodeOf(() => parseCreateLeague({ ...allBad, name: 'ok!' }))).toBe('LEAGUE_UNKNOWN_ICON');
    expect(failureCodeOf(() => parseCreateLeague({ ...allBad, name: 'ok!', icon: '🌍' }))).toBe('LEAGUE_UNKNOWN_DOMAIN');
    expect(failureCodeOf(() => parseCreateLeague({ ...allBad, name: 'ok!', icon: '🌍', domain: 'en' }))).toBe(
      'LEAGUE_UNKNOWN_DURATION',
    );
    expect(
      failureCodeOf(() => parseCreateLeague({ ...allBad, name: 'ok!', icon: '🌍', domain: 'en', duration: '2w' })),
    ).toBe('LEAGUE_UNKNOWN_VISIBILITY');
    expect(
      failureCodeOf(() =>
        parseCreateLeague({ ...allBad, name: 'ok!', icon: '🌍', domain: 'en', duration: '2w', visibility: 'public' }),
      ),
    ).toBe('LEAGUE_UNKNOWN_INVITE_POLICY');
    expect(
      failureCodeOf(() =>
        parseCreateLeague({
          ...allBad, name: 'ok!', icon: '🌍', domain: 'en', duration: '2w', visibility: 'public', invitePolicy: 'members',
        }),
      ),
    ).toBe('TEAM_NAME_LENGTH');
  });
});

describe('team names (§6.1, §6.5)', () => {
  it('trims and bounds 3–30', () => {
    expect(validateTeamName('  Owls ')).toBe('Owls');
    expect(failureCodeOf(() => validateTeamName('  O ' ))).toBe('TEAM_NAME_LENGTH');
    expect(failureCodeOf(() => validateTeamName(undefined))).toBe('TEAM_NAME_LENGTH');
  });

  it('counts an emoji as one character', () => {
    expect(validateTeamName('🦉🦉🦉')).toBe('🦉🦉🦉');
  });

  it('uniqueness key ignores case and surrounding space', () => {
    expect(teamNameKey(' The Owls ')).toBe(teamNameKey('THE OWLS'));
    expect(teamNameKey('Straße')).toBe(teamNameKey('STRASSE'));
    expect(teamNameKey('Owls')).not.toBe(teamNameKey('Owl'));
  });
});

describe('stored enum fallbacks (§6.1)', () => {
  it('unknown visibility → private, unknown policy → admin', () => {
    expect(storedVisibility('public')).toBe('public');
    expect(storedVisibility('weird')).toBe('private');
    expect(storedInvitePolicy('members')).toBe('members');
    expect(storedInvitePolicy(null)).toBe('admin');
  });
});

describe('season (§6.4, §4.3)', () => {
  const league = { startDate: '2026-03-01T15:30:00.000Z', endDate: '2026-03-31T15:30:00.000Z', closedAt: null };

  it('ends start + days × 24 h', () => {
    expect(seasonEnd('2026-03-01T15:30:00.000Z', DURATIONS['1m'])).toBe('2026-03-31T15:30:00.000Z');
    expect(seasonEnd(new Date('2026-02-20T00:00:00Z'), 14)).toBe('2026-03-06T00:00:00.000Z');
  });

  it('is inactive once closed or after the end instant', () => {
    expect(isLeagueInactive(league, new Date('2026-03-31T15:30:00.000Z'))).toBe(false);
    expect(isLeagueInactive(league, new Date('2026-03-31T15:30:00.001Z'))).toBe(true);
    expect(isLeagueInactive({ ...league, closedAt: '2026-03-05T00:00:00Z' }, '2026-03-02T00:00:00Z')).toBe(true);
  });

  it('scores day D only when date(start) ≤ D < date(end)', () => {
    expect(isInSeasonOn(league, '2026-02-28')).toBe(false);
    expect(isInSeasonOn(league, '2026-03-01')).toBe(true); // creation day counts
    expect(isInSeasonOn(league, '2026-03-30')).toBe(true);
    expect(isInSeasonOn(league, '2026-03-31')).toBe(false);
  });

  it('stops scoring on the closing day', () => {
    const closed = { ...league, closedAt: '2026-03-10T08:00:00Z' };
    expect(isInSeasonOn(closed, '2026-03-09')).toBe(true);
    expect(isInSeasonOn(closed, '2026-03-10')).toBe(false);
  });
});
