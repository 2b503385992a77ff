/**
 * The database an end-to-end test of the built binary plays on, on the engine of the run
 * (test-store.ts's TEST_STORE: the `sqlite` project, or the `postgres` one with its cluster):
 *
 * - SQLite: the binary's default file, ./data/fantasy.db in the test's own folder, selected by
 *   nothing at all (an operator's first start), so the environment adds no variable;
 * - PostgreSQL: a new, empty database of the run's cluster, selected by FANTASY_DATABASE_URL.
 *
 * Either way the binary migrates it on its first `serve` or verb, and the test reads rows back
 * through `rows()`, in SQL both engines take (`$1` parameters; `CAST(count(*) AS INTEGER)`,
 * since PostgreSQL's count is a bigint the driver hands over as text).
 *
 *   const db = await e2eDatabase(cwd);
 *   const server = await serveBinary(cwd, { PATH: process.env.PATH, ...db.env });
 *   const [{ n }] = await db.rows<{ n: number }>('SELECT CAST(count(*) AS INTEGER) AS n FROM teams');
 *   await db.close();
 */
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { databaseEnvironment, emptyTestDatabase, TEST_STORE } from './test-store';

export interface E2eDatabase {
  /** the environment that selects it for `serve` and the verbs (nothing on SQLite: the default file) */
  env: Record<string, string>;
  /** how the verbs name it in what they print: ./data/fantasy.db, or the URL (it holds no password) */
  shown: string;
  /** the rows one statement answers; `$1`… parameters on both engines */
  rows<T extends Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function e2eDatabase(cwd: string): Promise<E2eDatabase> {
  if (TEST_STORE === 'sqlite') {
    const file = path.join(cwd, 'data', 'fantasy.db');
    return {
      env: {},
      shown: './data/fantasy.db',
      async rows<T>(text: string, values: unknown[] = []) {
        // read-only and opened per statement: the served binary is the one writing this file
        const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
        try {
          return db.prepare(text.replace(/\$(\d+)/g, '?$1')).all(...values) as T[];
        } finally {
          db.close();
        }
      },
      async close() {},
    };
  }
  const url = await emptyTestDatabase();
  let client: Promise<pg.Client> | undefined;
  return {
    env: databaseEnvironment(url),
    shown: url,
    async rows<T extends Record<string, unknown>>(text: string, values?: unknown[]) {
      client ??= (async () => {
        const opened = new pg.Client({ connectionString: url });
        await opened.connect();
        return opened;
      })();
      return (await (await client).query<T>(text, values)).rows;
    },
    async close() {
      if (client) await (await client).end();
    },
  };
}
