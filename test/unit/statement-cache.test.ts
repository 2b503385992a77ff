import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { keepStatements, ownStatement } from '../../src/platform/db/statement-cache';

describe('a connection keeps the statements of the texts it used last', () => {
  let client: BetterSqlite3.Database;
  afterEach(() => client.close());

  function open(): BetterSqlite3.Database {
    client = new BetterSqlite3(':memory:');
    client.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t VALUES (1, 'one'), (2, 'two')");
    keepStatements(client);
    return client;
  }

  it('hands the same text its kept statement, reading rows as objects even after a caller read it as arrays', () => {
    const db = open();
    const first = db.prepare('SELECT id, name FROM t ORDER BY id');
    expect(first.raw(true).all()).toEqual([[1, 'one'], [2, 'two']]);
    const again = db.prepare('SELECT id, name FROM t ORDER BY id');
    expect(again).toBe(first);
    expect(again.all()).toEqual([{ id: 1, name: 'one' }, { id: 2, name: 'two' }]);
  });

  it('lets the text used longest ago go once it holds 256, and keeps one used since', () => {
    const db = open();
    const oldest = db.prepare('SELECT 0');
    const touched = db.prepare('SELECT 1');
    for (let i = 2; i < 256; i++) db.prepare(`SELECT ${i}`);
    expect(db.prepare('SELECT 1')).toBe(touched);
    db.prepare('SELECT 256');
    expect(db.prepare('SELECT 1')).toBe(touched);
    const reprepared = db.prepare('SELECT 0');
    expect(reprepared).not.toBe(oldest);
    expect(reprepared.pluck().get()).toBe(0);
  });

  it('gives a caller its own statement when asked, which no later prepare shares', () => {
    const db = open();
    const own = ownStatement(db, 'SELECT name FROM t WHERE id = ?');
    const shared = db.prepare('SELECT name FROM t WHERE id = ?');
    expect(own).not.toBe(shared);
    const rows = own.raw(true).iterate(1);
    expect(shared.get(2)).toEqual({ name: 'two' });
    expect([...rows]).toEqual([['one']]);
  });

  it('hands a kept write statement out again (only a reader\'s mode is reset) and it writes each time', () => {
    const db = open();
    for (let i = 3; i < 6; i++) db.prepare('INSERT INTO t (id, name) VALUES (?, ?)').run(i, `n${i}`);
    expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 5 });
  });
});
