/** Each text is prepared once per connection: better-sqlite3 statements are synchronous and cheap to reuse. */
import type BetterSqlite3 from 'better-sqlite3';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, preparedOnce } from './database';
import { ownStatement } from './statement-cache';

export function sqliteStatement(db: Database, text: string): BetterSqlite3.Statement {
  return preparedOnce(db, text, () => ownStatement(db.$client, text));
}

export function sqliteRows<T>(db: Database, text: string, values: readonly unknown[]): T[] {
  const statement = sqliteStatement(db, text);
  return (statement.reader ? statement.all(...values) : (statement.run(...values), [])) as T[];
}

export function sqliteRun(db: Database, text: string, values: readonly unknown[]): number {
  return sqliteStatement(db, text).run(...values).changes;
}

export function sqliteJsonText(column: unknown, path: readonly string[]): SQL {
  return sql`json_extract(${column}, ${'$.' + path.join('.')})`;
}

export function sqliteBuiltRows<T>(db: Database, name: string, build: (db: Database) => { prepare(): { all(values: Record<string, unknown>): T[] } }, values: Record<string, unknown>): T[] {
  return preparedOnce(db, name, () => build(db).prepare()).all(values);
}

export function sqliteRowid(table: unknown): SQL {
  return sql`${table}.rowid`;
}
