/**
 * Statements over many values at once, exported through ./statements.ts: a list bound as one
 * parameter, a set of rows read as a table, and a write run for each row of a set. The engines
 * bind lists differently (SQLite one JSON array, read with json_each; PostgreSQL arrays), and a
 * write of many rows is fastest row by row on SQLite, which has no round trip to save, but as one
 * statement for the whole set on PostgreSQL.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, dialectOf } from './database';
import { execute } from './dialect';
import { sqliteStatement } from './sqlite';
import type { ListType } from './statements';

export interface BoundList {
  /** what tests a column against the list: `column ${list.in}` */
  in: string;
  /** the list, bound at the one `?` of `in` */
  value: unknown;
}

/** `values` as one parameter, whatever their number (the statement's text does not change with it). */
export function boundList(db: Database, values: readonly unknown[], type: ListType = 'text'): BoundList {
  return dialectOf(db) === 'postgres'
    ? { in: `= ANY(?::${type}[])`, value: sql.param([...values]) }
    : { in: 'IN (SELECT value FROM json_each(?))', value: JSON.stringify(values) };
}

export interface RowsTable {
  /** the table, for a FROM list: `FROM ${table.from}` */
  from: string;
  /** bound at the `?`s of `from`, in order */
  values: unknown[];
}

/** `rows` as the table `alias`, its columns named and typed by `columns` (in the rows' order), for one statement over the whole set. */
export function rowsTable(db: Database, alias: string, columns: Readonly<Record<string, ListType>>, rows: readonly (readonly unknown[])[]): RowsTable {
  const names = Object.keys(columns);
  if (dialectOf(db) === 'postgres') {
    return {
      from: `unnest(${names.map((name) => `?::${columns[name]}[]`).join(', ')}) AS ${alias}(${names.join(', ')})`,
      values: names.map((_, i) => sql.param(rows.map((row) => row[i]))),
    };
  }
  return { from: `(SELECT ${names.map((name, i) => `value ->> ${i} AS ${name}`).join(', ')} FROM json_each(?)) AS ${alias}`, values: [JSON.stringify(rows)] };
}

/**
 * Runs `text`, a statement for one row (its `?`s the row's values, `types` their PostgreSQL
 * types), for each of `rows`; answers how many rows it touched. SQLite runs it row by row,
 * prepared once. PostgreSQL runs it once for the whole set, reading each `?` from a table of the
 * rows: an INSERT's `VALUES (...)` becomes a SELECT from that table, in the rows' order (so an
 * identity column rises in it, as row by row); any other statement says where the table goes
 * with the comment `/*FROM each row*\/`, or `/*, each row*\/` after a FROM list of its own.
 */
export async function runForEachRow(db: Database, text: string, types: readonly ListType[], rows: readonly (readonly unknown[])[]): Promise<number> {
  if (rows.length === 0) return 0;
  if (dialectOf(db) === 'postgres') return execute(db, wholeSetStatement(text, types, rows));
  const statement = sqliteStatement(db, text);
  let changes = 0;
  for (const row of rows) changes += statement.run(...row).changes;
  return changes;
}

const PLACE_OF_ROWS = '\u0000';

function wholeSetStatement(text: string, types: readonly ListType[], rows: readonly (readonly unknown[])[]): SQL {
  // a value every row shares is bound once; the first column stays an array, so the table keeps a row per row
  const shared = types.map((_, i) => i > 0 && rows.every((row) => row[i] === rows[0]![i]));
  const columns = types.flatMap((_, i) => (shared[i] ? [] : [i]));
  const table = sql`unnest(${sql.join(
    columns.map((i) => sql`${sql.param(rows.map((row) => row[i]))}::${sql.raw(types[i]!)}[]`),
    sql`, `,
  )}) WITH ORDINALITY AS each_row(${sql.raw(columns.map((i) => `"${i + 1}", `).join(''))}position)`;
  const placed = /\bVALUES\s*\(/.test(text)
    ? text.replace(/\bVALUES\s*\(([^()]*)\)/, `SELECT $1 FROM ${PLACE_OF_ROWS} ORDER BY each_row.position`)
    : text.replace(/\/\*(FROM|,) each row\*\//, `$1 ${PLACE_OF_ROWS}`);
  const [before, after = ''] = placed.split(PLACE_OF_ROWS);
  if (before === placed) throw new Error(`runForEachRow: no place for the rows in ${text}`);
  let column = 0;
  const withValues = (part: string): SQL =>
    sql.join(
      part.split('?').map((piece, k) => {
        if (k === 0) return sql.raw(piece);
        const i = column++;
        const value = shared[i] ? sql`CAST(${rows[0]![i]} AS ${sql.raw(types[i]!)})` : sql.raw(`each_row."${i + 1}"`);
        return sql`${value}${sql.raw(piece)}`;
      }),
    );
  const statement = sql.join([withValues(before!), table, withValues(after)]);
  if (column !== types.length) throw new Error(`runForEachRow: ${column} values in the statement, ${types.length} types`);
  return statement;
}

/**
 * The aggregate of `expression` over a group as the text of a JSON array, in `orderBy` order.
 * Both engines write each double with enough digits that JSON.parse gives it back bit for bit.
 */
export function jsonArrayOf(db: Database, expression: string, orderBy: string): string {
  return dialectOf(db) === 'postgres' ? `CAST(json_agg(${expression} ORDER BY ${orderBy}) AS TEXT)` : `json_group_array(${expression} ORDER BY ${orderBy})`;
}
