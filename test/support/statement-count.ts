/**
 * Counts the SQL statements the database runs while `work` runs, whichever engine it is:
 * every execution of a better-sqlite3 statement, every query a pg client sends. Transaction
 * control (BEGIN, COMMIT, ROLLBACK, savepoints) is not counted: it is how statements are
 * grouped, not work the path asks of the database.
 */
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';

const CONTROL = /^\s*(begin|commit|rollback|savepoint|release|start transaction|set transaction|reset)\b/i;

export interface CountedStatements {
  count: number;
  texts: string[];
}

export async function countStatements(work: () => Promise<unknown>): Promise<CountedStatements> {
  const texts: string[] = [];
  const record = (text: string) => {
    if (!CONTROL.test(text)) texts.push(text.replace(/\s+/g, ' ').trim());
  };
  const probe = new BetterSqlite3(':memory:');
  const statementProto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, (...args: unknown[]) => unknown>;
  probe.close();
  const originals = new Map<string, (...args: unknown[]) => unknown>();
  for (const method of ['run', 'get', 'all', 'iterate']) {
    const original = statementProto[method]!;
    originals.set(method, original);
    statementProto[method] = function (this: { source: string }, ...args: unknown[]) {
      record(this.source);
      return original.apply(this, args);
    };
  }
  const databaseProto = BetterSqlite3.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const exec = databaseProto.exec!;
  databaseProto.exec = function (this: unknown, text: unknown) {
    record(String(text));
    return exec.call(this, text);
  };
  const clientProto = pg.Client.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const query = clientProto.query!;
  clientProto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    record(typeof first === 'string' ? first : String((first as { text?: string }).text ?? ''));
    return query.apply(this, args);
  };
  try {
    await work();
  } finally {
    for (const [method, original] of originals) statementProto[method] = original;
    databaseProto.exec = exec;
    clientProto.query = query;
  }
  return { count: texts.length, texts };
}
