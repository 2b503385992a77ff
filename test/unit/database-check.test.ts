import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { quickCheck } from '../../src/features/operations/database-check';
import { closeDatabase, openDatabase } from '../../src/platform/db/database';

function migratedFile(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-check-')), 'fantasy.db');
  closeDatabase(openDatabase(file, { migrate: true }));
  return file;
}

describe('the start-up check', () => {
  it('checks every table of a whole file within its budget', () => {
    const result = quickCheck(migratedFile());
    expect(result.ok).toBe(true);
    expect(result.checked).toBe(result.tables);
    expect(result.tables).toBeGreaterThan(10);
  });

  it('stops between tables once its budget is spent, so a start on a huge file waits a bounded time', () => {
    let clock = 0;
    // every reading of the clock costs 1 s: the 2 s budget is spent after the first few tables
    const result = quickCheck(migratedFile(), 2_000, () => (clock += 1_000));
    expect(result.ok).toBe(true);
    expect(result.checked).toBeGreaterThanOrEqual(1);
    expect(result.checked).toBeLessThan(result.tables);
  });

  it('a missing file is not damaged: serve creates it', () => {
    expect(quickCheck(path.join(os.tmpdir(), 'no-such-dir', 'x.db')).ok).toBe(true);
  });
});
