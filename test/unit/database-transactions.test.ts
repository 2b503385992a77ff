/**
 * The SQLite store's transactions are asynchronous: while one waits between its statements,
 * other requests run. What a request can rely on regardless: no write is lost to another,
 * nobody reads rows not yet committed, a failure undoes the whole transaction, and a
 * transaction opened inside another joins it instead of waiting for itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, readTransaction, savepoint, writeTransaction, type Database } from '../../src/platform/db/database';
import { settings } from '../../src/platform/db/schema/sqlite';
import { readSetting, writeSetting } from '../../src/platform/db/settings';

const opened: Database[] = [];

function freshDatabase(): Database {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'transactions-'));
  const db = openDatabase(path.join(folder, 'db.sqlite'), { migrate: true });
  opened.push(db);
  return db;
}

afterEach(() => {
  for (const db of opened.splice(0)) closeDatabase(db);
});

/** Lets every other task that is ready run, as other requests would between two statements. */
const otherRequestsRun = () => new Promise<void>((resolve) => setImmediate(resolve));

async function counter(db: Database): Promise<number> {
  return Number((await readSetting(db, 'counter')) ?? 0);
}

describe('writeTransaction', () => {
  it('loses no increment when fifty read-wait-write transactions overlap', async () => {
    const db = freshDatabase();
    await Promise.all(
      Array.from({ length: 50 }, () =>
        writeTransaction(db, async (tx) => {
          const seen = await counter(tx);
          await otherRequestsRun();
          await writeSetting(tx, 'counter', String(seen + 1));
        }),
      ),
    );
    expect(await counter(db)).toBe(50);
  });

  it('runs transactions in the order they were asked for', async () => {
    const db = freshDatabase();
    const order: number[] = [];
    await Promise.all(
      [1, 2, 3, 4].map((n) =>
        writeTransaction(db, async (tx) => {
          await otherRequestsRun();
          await writeSetting(tx, `t${n}`, 'done');
          order.push(n);
        }),
      ),
    );
    expect(order).toEqual([1, 2, 3, 4]);
  });

  it('shows a reader only committed rows while a transaction waits between its writes', async () => {
    const db = freshDatabase();
    let reached!: () => void;
    const halfway = new Promise<void>((resolve) => (reached = resolve));
    let finish!: () => void;
    const allowedToFinish = new Promise<void>((resolve) => (finish = resolve));
    const writing = writeTransaction(db, async (tx) => {
      await writeSetting(tx, 'counter', '1');
      reached();
      await allowedToFinish;
      await writeSetting(tx, 'counter', '2');
    });
    await halfway;
    expect(await readSetting(db, 'counter')).toBeUndefined();
    finish();
    await writing;
    expect(await readSetting(db, 'counter')).toBe('2');
  });

  it('undoes every write of a transaction that fails, and the next one still runs', async () => {
    const db = freshDatabase();
    const failing = writeTransaction(db, async (tx) => {
      await writeSetting(tx, 'counter', '7');
      await otherRequestsRun();
      throw new Error('refused halfway');
    });
    const next = writeTransaction(db, (tx) => writeSetting(tx, 'after', 'yes'));
    await expect(failing).rejects.toThrow('refused halfway');
    await next;
    expect(await readSetting(db, 'counter')).toBeUndefined();
    expect(await readSetting(db, 'after')).toBe('yes');
  });

  it('joins the transaction it is opened inside, whichever handle it is given', async () => {
    const db = freshDatabase();
    await expect(
      writeTransaction(db, async (tx) => {
        await writeSetting(tx, 'outer', 'yes');
        // the reading handle, not tx: still the same transaction, not a wait for itself
        await writeTransaction(db, (inner) => writeSetting(inner, 'inner', 'yes'));
        throw new Error('the outer one fails');
      }),
    ).rejects.toThrow('the outer one fails');
    expect(await readSetting(db, 'outer')).toBeUndefined();
    expect(await readSetting(db, 'inner')).toBeUndefined();
  });

  it('keeps the enclosing transaction when only a savepoint fails', async () => {
    const db = freshDatabase();
    await writeTransaction(db, async (tx) => {
      await writeSetting(tx, 'money', 'moved');
      await savepoint(tx, async () => {
        await writeSetting(tx, 'notification', 'written');
        throw new Error('the notification failed');
      }).catch(() => undefined);
    });
    expect(await readSetting(db, 'money')).toBe('moved');
    expect(await readSetting(db, 'notification')).toBeUndefined();
  });

  it('refuses a write on the reading handle outside a transaction', () => {
    const db = freshDatabase();
    expect(() => db.insert(settings).values({ key: 'stray', value: 'write' }).run()).toThrow(/readonly/);
    expect(db.select().from(settings).where(eq(settings.key, 'stray')).all()).toEqual([]);
  });
});

describe('readTransaction', () => {
  it('reads one snapshot while writes commit in between', async () => {
    const db = freshDatabase();
    await writeSetting(db, 'counter', '1');
    const seen = await readTransaction(db, async (tx) => {
      const first = await readSetting(tx, 'counter');
      await writeSetting(db, 'counter', '2');
      return [first, await readSetting(tx, 'counter')];
    });
    expect(seen).toEqual(['1', '1']);
    expect(await readSetting(db, 'counter')).toBe('2');
  });
});
