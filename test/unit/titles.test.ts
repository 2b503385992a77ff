import { describe, expect, it } from 'vitest';
import { canonicalArticleId, comparisonKey, displayTitle } from '../../src/domain/titles';

describe('canonicalArticleId (§7.4)', () => {
  it.each([
    // Only the first letter is normalized: the real capitalization of later words
    // (`Gama`) is the encyclopedia's to resolve, never guessed here.
    ['vasco da gama', 'Vasco_da_gama'],
    ['Vasco da Gama', 'Vasco_da_Gama'],
    ['A  B', 'A_B'],
    ['  Taylor Swift  ', 'Taylor_Swift'],
    ['Taylor_Swift', 'Taylor_Swift'],
    ['a_\t_b', 'A_b'],
    ['iPhone', 'IPhone'],
    ['élan vital', 'Élan_vital'],
    ['ßtraße', 'ßtraße'],
    ['McDonald\'s', 'McDonald\'s'],
  ])('%j → %j', (input, id) => {
    expect(canonicalArticleId(input)).toBe(id);
  });

  it('makes `A B` and `A_B` the same article', () => {
    expect(canonicalArticleId('A B')).toBe(canonicalArticleId('A_B'));
  });

  it.each(['', '   ', '___', 'a|b', 'a#b', 'a<b', 'a>b', 'a[b', 'a]b', 'a{b', 'a}b', 'a\u0000b', 'Ab\ud800c', '\udc00'])(
    'rejects %j',
    (input) => {
      expect(canonicalArticleId(input)).toBeNull();
    },
  );

  it('rejects non-strings', () => {
    expect(canonicalArticleId(undefined)).toBeNull();
    expect(canonicalArticleId(42)).toBeNull();
  });

  it('limits titles to 255 UTF-8 bytes', () => {
    expect(canonicalArticleId('A'.repeat(255))).toBe('A'.repeat(255));
    expect(canonicalArticleId('A'.repeat(256))).toBeNull();
    // é is two bytes: 127 × 2 + 1 = 255 fits, 128 × 2 = 256 does not.
    expect(canonicalArticleId('A' + 'é'.repeat(127))).not.toBeNull();
    expect(canonicalArticleId('A' + 'é'.repeat(128))).toBeNull();
  });
});

describe('displayTitle and comparisonKey', () => {
  it('display title replaces underscores with spaces', () => {
    expect(displayTitle('Vasco_da_Gama')).toBe('Vasco da Gama');
  });

  it('comparison key: _→space, collapse, trim, first character only upper-cased', () => {
    expect(comparisonKey('  lionel__messi ')).toBe('Lionel messi');
    expect(comparisonKey('Lionel Messi')).toBe('Lionel Messi');
    expect(comparisonKey('lionel Messi')).toBe(comparisonKey('Lionel_Messi'));
    expect(comparisonKey('lionel messi')).not.toBe(comparisonKey('Lionel Messi'));
  });
});
