import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { confusableSkeleton, hasInvisibleCharacters, teamNameKey } from '../../src/domain/name-keys';
import { applyMigrations, writeTransaction, writerOf } from '../../src/platform/db/database';
import { upgradeTeamNameKeys } from '../../src/platform/db/name-key-upgrade';
import { settings, teams } from '../../src/platform/db/schema/sqlite';
import { createTestApp } from '../support/app';
import { buildLeague, buildTeam } from '../support/builders';

describe('team name keys', () => {
  it.each([
    ['Founders 1', 'F\u043eunders 1'], // Cyrillic о
    ['Founders 1', 'FOUNDERS 1'],
    ['Founders 1', 'Ｆｏｕｎｄｅｒｓ １'], // full-width, folded by NFKC
    ['Founders 1', 'Founders\u00a01'], // a no-break space
    ['Founders 1', '  Founders   1 '],
    ['Founders 1', 'Founders l'], // 1 and l
    ['Owl Team', 'Owl Tearn'], // rn for m
    ['Night Owls', 'NIGHT OWLS'], // a capital I is still an i
    ['Night Owls', 'n\u0456ght owls'], // Cyrillic і
    ['Straße', 'STRASSE'],
    ['Café', 'Cafe\u0301'], // composed and decomposed é
  ])('%j and %j share a key', (a, b) => {
    expect(teamNameKey(a)).toBe(teamNameKey(b));
  });

  it.each([
    ['Owls', 'Owl'],
    ['Founders 1', 'Founders 2'],
    ['Café', 'Cafe'],
  ])('%j and %j differ', (a, b) => {
    expect(teamNameKey(a)).not.toBe(teamNameKey(b));
  });

  it('maps by Unicode’s confusables table', () => {
    expect(confusableSkeleton('\u0430')).toBe('a'); // Cyrillic а
    expect(confusableSkeleton('0')).toBe('O');
  });
});

describe('invisible characters in names', () => {
  it.each([
    ['zero-width space', 'Founders\u200b 1'],
    ['zero-width non-joiner', 'Found\u200cers'],
    ['zero-width joiner between letters', 'Found\u200ders'],
    ['word joiner', 'Found\u2060ers'],
    ['byte order mark', '\ufeffFounders'],
    ['right-to-left override', 'Founders \u202e1'],
    ['left-to-right isolate', 'Founders \u20661'],
    ['soft hyphen', 'Foun\u00adders'],
    ['a control character', 'Founders\u00071'],
    ['a line separator', 'Founders\u20281'],
    ['private use', 'Founders \ue0001'],
    ['Hangul filler', 'Founders\u31641'],
    ['braille blank', 'Founders\u28001'],
    ['a tag character', 'Founders\u{E0041}'],
  ])('refuses a %s', (_, name) => {
    expect(hasInvisibleCharacters(name)).toBe(true);
  });

  it.each(['Founders 1', 'Équipe été', '東京チーム', '👩‍💻 Coders', '❤️ Readers', '👍🏽 Fans', '🏳️‍🌈 Pride'])('accepts %j', (name) => {
    expect(hasInvisibleCharacters(name)).toBe(false);
  });
});

describe('re-keying stored team names', () => {
  it('re-keys old keys once; of two look-alikes already stored, the later keeps its old key', async () => {
    const app = await createTestApp();
    try {
      const [ana, bea, cy] = [await app.player('ana'), await app.player('bea'), await app.player('cy')];
      const { league, team: first } = await buildLeague(app, ana, { teamName: 'Founders 1' });
      const lookAlike = await buildTeam(app, league, bea, 'Second');
      const plain = await buildTeam(app, league, cy, 'Third');
      const { db } = app.ctx;
      // as version 1 stored them: trimmed, case-folded, nothing more
      const versionOne = (name: string) => name.trim().normalize('NFC').toUpperCase().toLowerCase();
      await writeTransaction(db, (tx) => {
        for (const [team, name, joinedAt] of [
          [first, 'Founders 1', '2026-01-01T00:00:00.000Z'],
          [lookAlike, 'F\u043eunders 1', '2026-01-02T00:00:00.000Z'],
          [plain, 'Ｎｉｇｈｔ Ｏｗｌｓ', '2026-01-03T00:00:00.000Z'],
        ] as const) {
          tx.update(teams).set({ name, nameKey: versionOne(name), joinedAt }).where(eq(teams.id, team.id)).run();
        }
        tx.delete(settings).where(eq(settings.key, 'teams.nameKeyVersion')).run();
      });

      // the upgrade runs where the migrations run: on the connection that writes
      const writer = writerOf(db);
      expect(upgradeTeamNameKeys(writer)).toEqual({ rekeyed: 2, kept: 1 });
      const keyOf = (id: string) => db.select().from(teams).where(eq(teams.id, id)).get()!.nameKey;
      expect(keyOf(first.id)).toBe(teamNameKey('Founders 1'));
      expect(keyOf(plain.id)).toBe(teamNameKey('Night Owls'));
      expect(keyOf(lookAlike.id)).toBe('f\u043eunders 1');
      // once only: applying migrations again changes nothing
      expect(upgradeTeamNameKeys(writer)).toBeNull();
      applyMigrations(writer);
      expect(keyOf(plain.id)).toBe(teamNameKey('Night Owls'));
      // and a new look-alike is refused
      const dan = await app.player('dan');
      const joined = await app.call('POST', `/api/v1/leagues/${league.id}/my-team`, { as: dan, body: { name: 'Night 0wls' } });
      expect(joined).toMatchObject({ status: 400, body: { error: 'NAME_TAKEN' } });
    } finally {
      await app.close();
    }
  });
});
