/** SQLite's online backup restarts on every commit between steps; one read transaction pins a snapshot, so it ends under steady writes. */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { type Database, ensureFolderOf } from '../../platform/db/database';
import { sqliteNativeBinding } from '../../platform/embedded';

/** between steps the progress is reported */
const PAGES_PER_STEP = 4096;

export class BackupRefused extends Error {}

export interface BackupResult {
  target: string;
  bytes: number;
  pages: number;
}

export function partialBackupPath(target: string): string {
  return `${target}.partial`;
}

const SIDE_FILES = ['', '-journal', '-wal', '-shm'];

function removeLeftovers(temp: string): void {
  for (const suffix of SIDE_FILES) fs.rmSync(`${temp}${suffix}`, { force: true });
}

function fsyncPath(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** `target` must not exist; a leftover temporary copy of a killed run is discarded. */
export async function backupDatabase(db: Database, target: string, onProgress: (done: number, total: number) => void): Promise<BackupResult> {
  const absolute = path.resolve(target);
  if (fs.existsSync(absolute)) throw new BackupRefused(`${target} already exists; choose a new file`);
  ensureFolderOf(target, 'the backup');
  const temp = partialBackupPath(absolute);
  removeLeftovers(temp);

  const client = db.$client;
  let pages = 0;
  // The read transaction starts at the first read, so read once: from here on the snapshot is fixed.
  client.exec('BEGIN');
  try {
    client.prepare('SELECT count(*) FROM sqlite_master').get();
    await client.backup(temp, {
      progress: ({ totalPages, remainingPages }) => {
        pages = totalPages;
        onProgress(totalPages - remainingPages, totalPages);
        return PAGES_PER_STEP;
      },
    });
  } catch (error) {
    removeLeftovers(temp);
    throw error;
  } finally {
    if (client.inTransaction) client.exec('COMMIT');
  }

  try {
    checkCopy(temp);
    fsyncPath(temp);
    if (fs.existsSync(absolute)) throw new BackupRefused(`${target} appeared while the copy was taken; the copy was discarded`);
    fs.renameSync(temp, absolute);
    fsyncPath(path.dirname(absolute));
  } catch (error) {
    removeLeftovers(temp);
    throw error;
  }
  onProgress(pages, pages);
  return { target: absolute, bytes: fs.statSync(absolute).size, pages };
}

/** A self-contained file (rollback journal rather than WAL), so restoring it is copying one file. */
function checkCopy(file: string): void {
  const copy = new BetterSqlite3(file, { nativeBinding: sqliteNativeBinding() as string });
  try {
    const rows = copy.pragma('integrity_check') as { integrity_check: string }[];
    const problems = rows.map((row) => row.integrity_check).filter((line) => line !== 'ok');
    if (problems.length > 0) throw new BackupRefused(`the copy failed its integrity check (${problems[0]}); nothing was written at the target`);
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}
