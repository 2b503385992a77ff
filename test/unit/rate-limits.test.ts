import { describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../src/platform/db/database';
import { RATE_LIMITS } from '../../src/domain/rate-limits';
import { consumeRateLimit } from '../../src/platform/db/rate-limits';
import { tempDatabasePath } from '../support/app';

describe('rate limits', () => {
  it('allow the budget within the window, refuse beyond it, and free up as attempts age out', async () => {
    const db = openDatabase(tempDatabasePath(), { migrate: true });
    const rule = RATE_LIMITS.codeAttempts;
    const t0 = 1_000_000;
    const results: boolean[] = [];
    for (const i of [0, 1, 2, 3, 4, 5]) results.push(await consumeRateLimit(db, rule, 'ana', t0 + i * 1000));
    expect(results).toEqual([true, true, true, true, true, false]);
    expect(await consumeRateLimit(db, rule, 'bob', t0 + 5000)).toBe(true);
    // The first attempt leaves the 60 s window at t0 + 60 s.
    expect(await consumeRateLimit(db, rule, 'ana', t0 + 59_999)).toBe(false);
    expect(await consumeRateLimit(db, rule, 'ana', t0 + 60_000)).toBe(true);
    closeDatabase(db);
  });

  it('keep their state across a restart', async () => {
    const file = tempDatabasePath();
    const first = openDatabase(file, { migrate: true });
    for (let i = 0; i < 3; i++) expect(await consumeRateLimit(first, RATE_LIMITS.reports, 'ana', 5000 + i)).toBe(true);
    closeDatabase(first);
    const second = openDatabase(file, { migrate: true });
    expect(await consumeRateLimit(second, RATE_LIMITS.reports, 'ana', 5010)).toBe(false);
    closeDatabase(second);
  });

  it('have the budgets of the rules: 5 code attempts, 20 genie calls, 3 reports per minute', () => {
    expect(RATE_LIMITS.codeAttempts).toEqual({ bucket: 'code-attempts', limit: 5, windowMs: 60_000 });
    expect(RATE_LIMITS.genie).toEqual({ bucket: 'genie', limit: 20, windowMs: 60_000 });
    expect(RATE_LIMITS.reports).toEqual({ bucket: 'reports', limit: 3, windowMs: 60_000 });
  });
});
