/**
 * The PostgreSQL schema (src/platform/db/schema/postgres) is the SQLite one (src/platform/db/schema/sqlite) in
 * another dialect: the same tables, columns, nullability, defaults, keys and indexes, with
 * each column type mapped the one sensible way. A change to one schema without the other
 * fails here before it reaches a migration.
 */
import { getTableName, is, type Column } from 'drizzle-orm';
import { getTableConfig as pgConfig, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as pgSchema from '../../src/platform/db/schema/postgres';
import * as sqliteSchema from '../../src/platform/db/schema/sqlite';

const sqliteTables = (Object.values(sqliteSchema) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTable));
const pgTables = (Object.values(pgSchema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
const pgByName = new Map(pgTables.map((table) => [getTableName(table), table]));

/** SQLite column class → the PostgreSQL column classes that keep its values equal. */
const TYPE_MAP: Record<string, string[]> = {
  SQLiteText: ['PgText'],
  // 32-bit where the values are counts, credits or days; 64-bit for rowids and epoch milliseconds
  SQLiteInteger: ['PgInteger', 'PgBigInt53'],
  SQLiteBoolean: ['PgBoolean'],
  // SQLite's REAL is an 8-byte float: PostgreSQL's `real` would round the copied points
  SQLiteReal: ['PgDoublePrecision'],
};

/** What both dialects say about a column, in words that mean the same in each. */
function columnFacts(column: Column) {
  return {
    name: column.name,
    notNull: column.notNull,
    primary: column.primary,
    isUnique: column.isUnique,
    uniqueName: column.isUnique ? column.uniqueName : undefined,
    default: column.default,
    enumValues: column.enumValues,
  };
}

/** SQLite's rowid alias is an autoincrement integer; PostgreSQL's twin is an identity column. */
function generatesItsKey(column: Column): boolean {
  return (column as unknown as { autoIncrement?: boolean }).autoIncrement === true || column.generatedIdentity !== undefined;
}

function keyColumns(columns: Column[]): string[] {
  return columns.map((column) => column.name);
}

function indexFacts(config: { indexes: { config: { name?: string; unique: boolean; columns: unknown[]; where?: unknown } }[] }) {
  return config.indexes
    .map((index) => ({
      name: index.config.name,
      unique: index.config.unique,
      columns: index.config.columns.map((column) => (column as Column).name),
      partial: index.config.where !== undefined,
    }))
    .sort((a, b) => String(a.name).localeCompare(String(b.name)));
}

function foreignKeyFacts(keys: { reference(): { columns: Column[]; foreignColumns: Column[]; foreignTable: unknown }; onDelete?: string; onUpdate?: string }[]) {
  return keys
    .map((key) => {
      const reference = key.reference();
      return {
        columns: keyColumns(reference.columns),
        table: getTableName(reference.foreignTable as SQLiteTable),
        foreignColumns: keyColumns(reference.foreignColumns),
        onDelete: key.onDelete ?? 'no action',
        onUpdate: key.onUpdate ?? 'no action',
      };
    })
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

describe('the PostgreSQL schema mirrors the SQLite schema', () => {
  it('has the same tables', () => {
    expect([...pgByName.keys()].sort()).toEqual(sqliteTables.map((table) => getTableName(table)).sort());
    expect(sqliteTables.length).toBeGreaterThan(20);
  });

  describe.each(sqliteTables.map((table) => [getTableName(table), table] as const))('%s', (name, sqliteTable) => {
    const lite = sqliteConfig(sqliteTable);
    const pg = pgConfig(pgByName.get(name)!);

    it('has the same columns in the same order, nullability, defaults, enums and unique marks', () => {
      expect(pg.columns.map(columnFacts)).toEqual(lite.columns.map(columnFacts));
    });

    it('maps every column type to its one PostgreSQL twin, and generates the same keys', () => {
      for (const [index, column] of lite.columns.entries()) {
        const twin = pg.columns[index];
        expect(TYPE_MAP[column.columnType], `${name}.${column.name}: ${column.columnType}`).toContain(twin.columnType);
        expect(generatesItsKey(twin), `${name}.${column.name} generates its value`).toBe(generatesItsKey(column));
      }
    });

    it('has the same primary key', () => {
      const composite = (config: { primaryKeys: { columns: Column[] }[] }) => config.primaryKeys.map((key) => keyColumns(key.columns));
      expect(composite(pg)).toEqual(composite(lite));
    });

    it('has the same unique and plain indexes (and partial ones stay partial)', () => {
      expect(indexFacts(pg as never)).toEqual(indexFacts(lite as never));
      const where = (config: typeof lite | typeof pg) =>
        config.indexes.filter((index) => index.config.where).map((index) => JSON.stringify((index.config.where as { queryChunks: unknown[] }).queryChunks));
      expect(where(pg)).toEqual(where(lite));
    });

    it('has the same unique constraints and foreign keys', () => {
      const uniques = (config: { uniqueConstraints: { name?: string; columns: Column[] }[] }) =>
        config.uniqueConstraints.map((unique) => ({ name: unique.name, columns: keyColumns(unique.columns) }));
      expect(uniques(pg)).toEqual(uniques(lite));
      expect(foreignKeyFacts(pg.foreignKeys as never)).toEqual(foreignKeyFacts(lite.foreignKeys as never));
    });
  });
});
