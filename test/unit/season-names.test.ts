import { describe, expect, it } from 'vitest';
import { leagueNameOf } from '../../src/domain/leagues';
import { nextSeasonName, seasonNumberOf } from '../../src/domain/season-names';
import { characterCount } from '../../src/domain/values';

const fifty = 'The Extraordinarily Long-Named Reading Society Ltd';

describe('the next season’s name', () => {
  const rows: [rule: string, current: string, expected: string][] = [
    ['a first season gets "Season 2"', 'Book Club', 'Book Club — Season 2'],
    ['a numbered season counts on', 'Book Club — Season 2', 'Book Club — Season 3'],
    ['past nine', 'Book Club — Season 9', 'Book Club — Season 10'],
    ['past ninety-nine', 'Book Club — Season 99', 'Book Club — Season 100'],
    ['numbers beyond a double’s precision stay exact', 'Book Club — Season 9007199254740993', 'Book Club — Season 9007199254740994'],
    ['spaces around the name are dropped', '  Book Club  ', 'Book Club — Season 2'],
    ['a hyphen is the player’s own text, not our suffix', 'Book Club - Season 2', 'Book Club - Season 2 — Season 2'],
    ['a number with a leading zero is not our suffix', 'Book Club — Season 02', 'Book Club — Season 02 — Season 2'],
    ['a suffix without a name before it is the name', '— Season 4', '— Season 4 — Season 2'],
    ['a long name is cut to fit the 50 characters, leaving no space before the suffix', fifty, 'The Extraordinarily Long-Named Reading — Season 2'],
    ['a name that still fits with a longer number is kept whole', 'The Extraordinarily Long-Named Reading — Season 9', 'The Extraordinarily Long-Named Reading — Season 10'],
    ['a longer number cuts the name', 'The Extraordinarily Long-Named Reading — Season 99', 'The Extraordinarily Long-Named Readin — Season 100'],
    [
      'the cut never splits an emoji made of several code points',
      `${'x'.repeat(37)}👩‍💻 Readers`,
      `${'x'.repeat(37)} — Season 2`,
    ],
  ];
  it.each(rows)('%s', (_rule, current, expected) => {
    expect(leagueNameOf(current)).not.toBeNull();
    const next = nextSeasonName(current);
    expect(next).toBe(expected);
    expect(leagueNameOf(next)).toBe(next);
    expect(characterCount(next)).toBeLessThanOrEqual(50);
  });

  it('an emoji that fits whole is kept', () => {
    const name = `${'x'.repeat(34)}👩‍💻`;
    // 34 letters and an emoji of three code points, then 11 for the suffix: 48
    expect(nextSeasonName(name)).toBe(`${name} — Season 2`);
  });

  it.each([
    ['Book Club', 1n],
    ['Book Club — Season 7', 7n],
    ['Book Club - Season 7', 1n],
  ])('%s is season %s', (name, season) => {
    expect(seasonNumberOf(name)).toBe(season);
  });
});
