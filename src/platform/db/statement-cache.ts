/**
 * drizzle prepares a builder query's SQL again on every call, and SQLite's parsing and planning
 * are a large share of a small read; a connection meets a few hundred distinct texts in a day.
 * So each connection keeps the statements of the texts it used last. better-sqlite3 keeps a
 * statement's result mode between calls and drizzle switches it on (`raw()`) only where it wants
 * rows as arrays, so a statement handed out again starts in the default mode.
 */
import type BetterSqlite3 from 'better-sqlite3';

const KEPT_TEXTS = 256;

const unkept = new WeakMap<BetterSqlite3.Database, (text: string) => BetterSqlite3.Statement>();

export function keepStatements(client: BetterSqlite3.Database): void {
  const prepare = client.prepare.bind(client) as (text: string) => BetterSqlite3.Statement;
  unkept.set(client, prepare);
  const kept = new Map<string, BetterSqlite3.Statement>();
  client.prepare = ((text: string) => {
    let statement = kept.get(text);
    if (statement === undefined) {
      statement = prepare(text);
      if (kept.size >= KEPT_TEXTS) kept.delete(kept.keys().next().value!);
    } else {
      // the newest use goes to the back, so the text used longest ago leaves first
      kept.delete(text);
      if (statement.reader) statement.raw(false);
    }
    kept.set(text, statement);
    return statement;
  }) as BetterSqlite3.Database['prepare'];
}

/** A statement no other caller is handed: for one kept and read as objects, or iterated across awaits. */
export function ownStatement(client: BetterSqlite3.Database, text: string): BetterSqlite3.Statement {
  return (unkept.get(client) ?? ((source: string) => client.prepare(source)))(text);
}
