/** A damaged file would start a service whose sign-ups answer 500: `serve` and `status` check quickly, `fantasy check` thoroughly. */
import fs from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { sqliteNativeBinding } from '../../platform/embedded';

/** One is enough to refuse; a hundred say how far the damage goes. */
const PROBLEMS_LISTED = 100;

export interface CheckResult {
  ok: boolean;
  /** each b-tree's root page replaced by the table or index it holds */
  problems: string[];
}

export function damagedDatabaseLine(file: string, problem: string): string {
  return (
    `the database ${file} is damaged (${problem}): stop serve and restore the newest backup with ` +
    `\`cp BACKUP.db ${file} && rm -f ${file}-wal ${file}-shm\`; \`fantasy check\` lists the damage`
  );
}

function open(file: string): BetterSqlite3.Database {
  // read-only and without creating anything: a check never changes what it looks at
  return new BetterSqlite3(file, { readonly: true, fileMustExist: true, nativeBinding: sqliteNativeBinding() as string });
}

/** Only damage earns the restore advice; a file unopenable for another reason is reported as itself. */
function isDamage(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? String((error as { code?: unknown }).code ?? '') : '';
  return code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB';
}

function namesByRootPage(db: BetterSqlite3.Database): Map<number, string> {
  const names = new Map<number, string>();
  try {
    const rows = db.prepare('SELECT type, name, rootpage FROM sqlite_master WHERE rootpage > 0').all() as { type: string; name: string; rootpage: number }[];
    for (const row of rows) names.set(row.rootpage, `${row.type} ${row.name}`);
  } catch {
    // the schema itself unreadable: the raw messages are all there is
  }
  return names;
}

/** On damage SQLite hands over its findings and then fails with SQLITE_CORRUPT; the findings are what counts. */
function checkLines(db: BetterSqlite3.Database, pragma: string): string[] {
  const lines: string[] = [];
  try {
    for (const row of db.prepare(`PRAGMA ${pragma}`).raw().iterate() as Iterable<unknown[]>) lines.push(...String(row[0]).split('\n'));
  } catch (error) {
    if (lines.length === 0) throw error;
  }
  return lines.filter((line) => line !== '' && !/^\*\*\* in database \w+ \*\*\*$/.test(line));
}

/** SQLite names a damaged b-tree by its root page; the table or index it holds says more. */
function named(db: BetterSqlite3.Database, lines: string[]): string[] {
  const names = namesByRootPage(db);
  return lines.map((line) => line.replace(/\bTree (\d+)\b/g, (whole, root: string) => (names.has(Number(root)) ? `${whole} (${names.get(Number(root))})` : whole)));
}

function integrityCheck(file: string): CheckResult {
  let db: BetterSqlite3.Database | undefined;
  try {
    db = open(file);
    const lines = checkLines(db, `integrity_check(${PROBLEMS_LISTED})`);
    if (lines.length === 1 && lines[0] === 'ok') return { ok: true, problems: [] };
    return { ok: false, problems: named(db, lines) };
  } catch (error) {
    // a file too damaged to open or to read its schema: SQLite's own words for it
    if (!isDamage(error)) throw error;
    return { ok: false, problems: [(error as Error).message] };
  } finally {
    db?.close();
  }
}

/** The tables a player's first requests touch first, so a short budget covers them; large rebuildable ones last. */
const CHECK_ORDER = [
  'sqlite_schema',
  '__drizzle_migrations',
  'settings',
  'players',
  'password_credentials',
  'language_scales',
  'leagues',
  'teams',
  'contracts',
  'ledger_entries',
  'lineup_versions',
  'team_standings',
  'notifications',
  'rate_limit_hits',
  'performances',
  'view_series',
  'upstream_cache',
];

export const START_CHECK_BUDGET_MS = 2_000;

export interface QuickCheckResult extends CheckResult {
  /** tables checked, out of `tables`; fewer when the budget ran out first */
  checked: number;
  tables: number;
}

/** quick_check one table at a time until `budgetMs` is spent, so a start waits a bounded time; a missing file is not damaged. */
export function quickCheck(file: string, budgetMs = START_CHECK_BUDGET_MS, now: () => number = () => performance.now()): QuickCheckResult {
  if (file === ':memory:' || !fs.existsSync(file)) return { ok: true, problems: [], checked: 0, tables: 0 };
  const started = now();
  let db: BetterSqlite3.Database | undefined;
  try {
    db = open(file);
    const present = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((row) => row.name);
    const rank = (name: string) => (CHECK_ORDER.includes(name) ? CHECK_ORDER.indexOf(name) : CHECK_ORDER.length);
    const tables = ['sqlite_schema', ...present.filter((name) => name !== 'sqlite_sequence').sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))];
    let checked = 0;
    for (const table of tables) {
      if (checked > 0 && now() - started > budgetMs) break;
      const lines = checkLines(db, `quick_check('${table.replaceAll("'", "''")}')`).filter((line) => line !== 'ok');
      checked++;
      if (lines.length > 0) return { ok: false, problems: named(db, lines), checked, tables: tables.length };
    }
    return { ok: true, problems: [], checked, tables: tables.length };
  } catch (error) {
    if (!isDamage(error)) throw error;
    return { ok: false, problems: [(error as Error).message], checked: 0, tables: 0 };
  } finally {
    db?.close();
  }
}

export function fullCheck(file: string): CheckResult {
  return integrityCheck(file);
}
