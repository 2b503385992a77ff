import { describe, expect, it } from 'vitest';
import {
  isChemistryLevel,
  LEVEL_POINTS,
  levelFromLinks,
  TEAM_SYNERGY_CAP,
  teamSynergy,
  type ChemistryLevel,
} from '../../src/domain/chemistry';
import { CHEMISTRY_LINKS } from '../../src/domain/formations';

describe('chemistry levels (§3.3)', () => {
  it('are worth 1.5 / 0.5 / 0 / 0', () => {
    expect(LEVEL_POINTS).toEqual({ excellent: 1.5, good: 0.5, weak: 0, empty: 0 });
    expect(TEAM_SYNERGY_CAP).toBe(20);
  });

  it.each([
    [true, true, 'excellent'],
    [true, false, 'good'],
    [false, true, 'good'],
    [false, false, 'weak'],
  ] as const)('A→B %s, B→A %s → %s', (ab, ba, level) => {
    expect(levelFromLinks(ab, ba)).toBe(level);
  });

  it('knows the four level names only', () => {
    for (const level of ['excellent', 'good', 'weak', 'empty']) expect(isChemistryLevel(level)).toBe(true);
    expect(isChemistryLevel('great')).toBe(false);
    expect(isChemistryLevel(1.5)).toBe(false);
  });
});

describe('team synergy', () => {
  it('sums the level points', () => {
    expect(teamSynergy(['excellent', 'good', 'weak', 'empty', 'good'])).toBe(2.5);
    expect(teamSynergy([])).toBe(0);
  });

  it('is capped at 20: an all-excellent 3-5-2 (20 links = 30) gives 20', () => {
    const levels: ChemistryLevel[] = CHEMISTRY_LINKS['3-5-2'].map(() => 'excellent');
    expect(levels).toHaveLength(20);
    expect(teamSynergy(levels)).toBe(20);
  });

  it('an all-excellent 4-3-3 (16 links = 24) is capped too; 13 excellent links (19.5) are not', () => {
    expect(teamSynergy(Array<ChemistryLevel>(16).fill('excellent'))).toBe(20);
    expect(teamSynergy(Array<ChemistryLevel>(13).fill('excellent'))).toBe(19.5);
  });
});
