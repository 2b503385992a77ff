/** `?` placeholders become bound parameters, so a statement inside a transaction runs on its connection. */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from './database';
import { execute, rowsOf } from './dialect';

const pieces = new Map<string, string[]>();

export function bound(text: string, values: readonly unknown[]): SQL {
  let parts = pieces.get(text);
  if (!parts) pieces.set(text, (parts = text.split('?')));
  if (parts.length - 1 !== values.length) throw new Error(`statement expects ${parts.length - 1} values, got ${values.length}`);
  const chunks: SQL[] = [sql.raw(parts[0]!)];
  values.forEach((value, i) => chunks.push(sql`${value}`, sql.raw(parts[i + 1]!)));
  return sql.join(chunks);
}

export function postgresRows<T>(db: Database, text: string, values: readonly unknown[]): Promise<T[]> {
  return rowsOf<T>(db, bound(text, values));
}

export function postgresRun(db: Database, text: string, values: readonly unknown[]): Promise<number> {
  return execute(db, bound(text, values));
}

export function postgresJsonText(column: unknown, path: readonly string[]): SQL {
  return sql`(${column})::jsonb #>> ${'{' + path.join(',') + '}'}`;
}
