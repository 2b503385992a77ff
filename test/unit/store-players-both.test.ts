/**
 * The players' and settings' repositories answer the same on SQLite and on PostgreSQL: what is
 * written is read back, a lost race for a username is a unique violation on both, and a
 * credential is swapped only from the record it was read as.
 */
import { describe, expect, it } from 'vitest';
import { isUniqueViolation, writeTransaction } from '../../src/platform/db/database';
import {
  ensurePlayer,
  findCredentialByUsernameKey,
  findPlayerBySubject,
  insertCredential,
  insertPlayer,
  isUsernameTaken,
  replaceCredential,
} from '../../src/features/auth/store';
import { readSetting, writeSetting, writeSettingOnce } from '../../src/platform/db/settings';
import { ENGINES, useBothStores } from '../support/both-stores';

const stores = useBothStores();

const player = (id: string, username: string) => ({
  id,
  subject: `password:${username}`,
  username,
  usernameKey: username.toLowerCase(),
  name: username,
  email: '',
  picture: '',
  createdAt: '2026-05-01T00:00:00.000Z',
});

describe.each(ENGINES)('on %s', (engine) => {
  it('reads back a player and its credential, and says which names are taken', async () => {
    const db = await stores.fresh(engine);
    const written = await insertPlayer(db, player('pl_1', 'Ada'));
    await insertCredential(db, written.id, 'record-1', '2026-05-01T00:00:00.000Z');
    expect(await findPlayerBySubject(db, 'password:Ada')).toEqual(written);
    expect(await findPlayerBySubject(db, 'password:nobody')).toBeUndefined();
    expect(await isUsernameTaken(db, 'ada')).toBe(true);
    expect(await isUsernameTaken(db, 'bob')).toBe(false);
    expect(await findCredentialByUsernameKey(db, 'ada')).toEqual({ player: written, record: 'record-1' });
  });

  it('refuses a second player of the same name as a unique violation, writing nothing', async () => {
    const db = await stores.fresh(engine);
    await insertPlayer(db, player('pl_1', 'Ada'));
    const refused = await insertPlayer(db, player('pl_2', 'Ada')).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isUniqueViolation(refused)).toBe(true);
    expect(await findPlayerBySubject(db, 'password:Ada')).toMatchObject({ id: 'pl_1' });
  });

  it('swaps a credential only from the record it was read as', async () => {
    const db = await stores.fresh(engine);
    await insertPlayer(db, player('pl_1', 'Ada'));
    await insertCredential(db, 'pl_1', 'old', '2026-05-01T00:00:00.000Z');
    expect(await replaceCredential(db, 'pl_1', 'stale', 'new')).toBe(false);
    expect(await replaceCredential(db, 'pl_1', 'old', 'new')).toBe(true);
    expect((await findCredentialByUsernameKey(db, 'ada'))?.record).toBe('new');
  });

  it('seeds a player once however often asked', async () => {
    const db = await stores.fresh(engine);
    await ensurePlayer(db, player('pl_sys', 'System'));
    await ensurePlayer(db, { ...player('pl_sys', 'System'), name: 'Another' });
    expect((await findPlayerBySubject(db, 'password:System'))?.name).toBe('System');
  });

  it('keeps a setting written once, and overwrites one written again', async () => {
    const db = await stores.fresh(engine);
    expect(await writeSettingOnce(db, 'secret', 'first')).toBe('first');
    expect(await writeSettingOnce(db, 'secret', 'second')).toBe('first');
    await writeSetting(db, 'job', 'a');
    await writeSetting(db, 'job', 'b');
    expect(await readSetting(db, 'job')).toBe('b');
    expect(await readSetting(db, 'missing')).toBeUndefined();
  });

  it('undoes a failed transaction whole and joins a nested one', async () => {
    const db = await stores.fresh(engine);
    await expect(
      writeTransaction(db, async (tx) => {
        await writeSetting(tx, 'a', '1');
        await writeSetting(db, 'b', '2');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await readSetting(db, 'a')).toBeUndefined();
    expect(await readSetting(db, 'b')).toBeUndefined();
  });

  it('loses no increment when twenty read-then-write transactions overlap', async () => {
    const db = await stores.fresh(engine);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        writeTransaction(db, async (tx) => {
          const seen = Number((await readSetting(tx, 'counter')) ?? 0);
          await new Promise((resolve) => setImmediate(resolve));
          await writeSetting(tx, 'counter', String(seen + 1));
        }),
      ),
    );
    expect(await readSetting(db, 'counter')).toBe('20');
  });
});
