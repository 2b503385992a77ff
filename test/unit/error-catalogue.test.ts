import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../../src/domain/errors';

/** `| 400 | `A`, `B` … |` rows of the error-constant table in docs/api.md, as constant → status. */
function documentedCatalogue(): Record<string, number> {
  const page = fs.readFileSync(path.join(__dirname, '../../docs/api.md'), 'utf8');
  const out: Record<string, number> = {};
  for (const line of page.split('\n')) {
    const row = /^\| (\d{3}) \| (.+) \|$/.exec(line);
    if (!row) continue;
    for (const [, name] of row[2].matchAll(/`([A-Z][A-Z_]+)`/g)) out[name] = Number(row[1]);
  }
  return out;
}

describe('the error catalogue', () => {
  it('is documented in docs/api.md with the status each constant answers, no more and no less', () => {
    expect(documentedCatalogue()).toEqual({ ...ERROR_STATUS });
  });

  it('names every constant the spec names, with the spec’s status', () => {
    expect(ERROR_STATUS).toMatchObject({
      USERNAME_INVALID: 400,
      PASSWORD_TOO_LONG: 400,
      GENIE_RATE_LIMITED: 429,
      GENIE_ASLEEP: 503,
      REPORT_RATE_LIMITED: 429,
      NOT_ENOUGH_CREDITS: 400,
      ALREADY_SOLD: 400,
      MARKET_UNAVAILABLE: 503,
      CALIBRATION_UNAVAILABLE: 503,
      REPORT_SUBMISSION_FAILED: 502,
      LEAGUE_IS_PRIVATE: 403,
      LEAGUE_INACTIVE: 409,
      JOIN_RATE_LIMITED: 429,
    });
  });
});
