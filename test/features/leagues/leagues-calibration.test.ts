/**
 * League founding on an edition without a registry row (§1.3, §6.2): the edition is
 * measured against the loopback encyclopedia before anything is written.
 */
import { describe, expect, it } from 'vitest';
import { findLanguageScale } from '../../../src/features/leagues/language-scales-store';
import { tablesOf } from '../../../src/platform/db/dialect';
import { appWithFake, createBody, mirrorEnglish, NOW, requestsTo } from './leagues-fixtures';
import type { TestApp } from '../../support/app';

async function counts(app: TestApp) {
  const db = app.ctx.db;
  const { languageScales, leagues, lineupVersions, teams } = tablesOf(db);
  return {
    leagues: (await db.select().from(leagues)).length,
    teams: (await db.select().from(teams)).length,
    lineups: (await db.select().from(lineupVersions)).length,
    scales: (await db.select().from(languageScales)).length,
  };
}

describe('founding a league on an uncalibrated edition', () => {
  it('measures L = median of rank-matched en/target averages, freezes it on the league and registers it', async () => {
    const { app, fake } = await appWithFake();
    try {
      mirrorEnglish(fake, 'de', { en: 5, target: 2 });
      const founder = await app.player();
      const res = await app.call('POST', '/api/v1/leagues', { as: founder, body: createBody({ domain: 'de' }) });
      expect(res.status).toBe(201);
      expect(res.body.domain).toBe('de');
      expect(res.body.languageScale).toBeCloseTo(2.5, 12);
      const row = (await findLanguageScale(app.ctx.db, 'de'))!;
      expect(row).toMatchObject({ domain: 'de', measuredAt: NOW, sampleSize: 500, referenceDomain: 'en' });
      expect(row.scale).toBeCloseTo(2.5, 12);
      expect(row.qualifyingRanks).toBeGreaterThanOrEqual(300);
      // one siteinfo and 30 top lists per edition, no per-article fan-out
      expect(requestsTo(fake, 'siteinfo', 'de')).toHaveLength(1);
      expect(requestsTo(fake, 'top', 'de')).toHaveLength(30);
      expect(requestsTo(fake, 'siteinfo', 'en')).toHaveLength(1);
      expect(requestsTo(fake, 'top', 'en')).toHaveLength(30);
      expect(requestsTo(fake, 'per-article')).toHaveLength(0);
    } finally {
      await app.close();
    }
  });

  it('never re-measures a registered edition: the second league reuses the stored factor', async () => {
    const { app, fake } = await appWithFake();
    try {
      mirrorEnglish(fake, 'de', 2);
      const founder = await app.player();
      expect((await app.call('POST', '/api/v1/leagues', { as: founder, body: createBody({ domain: 'de' }) })).status).toBe(201);
      // the encyclopedia changes its mind; the registry does not
      mirrorEnglish(fake, 'de', 7);
      fake.resetCounters();
      const again = await app.call('POST', '/api/v1/leagues', { as: founder, body: createBody({ domain: 'de', name: 'Second Cup' }) });
      expect(again.status).toBe(201);
      expect(again.body.languageScale).toBeCloseTo(2, 12);
      expect(fake.requests).toHaveLength(0);
    } finally {
      await app.close();
    }
  });

  it('skips unpublished days: the divisor is the number of days that had a list', async () => {
    const { app, fake } = await appWithFake();
    try {
      mirrorEnglish(fake, 'de', 3);
      // ten more days missing on the target only: the averages still divide by present days
      for (let offset = 1; offset <= 10; offset++) {
        fake.data.unpublishTop('de', new Date(Date.parse('2026-05-10T00:00:00Z') - offset * 86_400_000).toISOString().slice(0, 10));
      }
      const res = await app.call('POST', '/api/v1/leagues', { as: await app.player(), body: createBody({ domain: 'de' }) });
      expect(res.status).toBe(201);
      expect(res.body.languageScale).toBeGreaterThan(2.5);
      expect(res.body.languageScale).toBeLessThan(3.5);
    } finally {
      await app.close();
    }
  });

  it('answers 400 CALIBRATION_BELOW_FLOOR for a small edition and stores nothing', async () => {
    const { app } = await appWithFake();
    try {
      const before = await counts(app);
      const res = await app.call('POST', '/api/v1/leagues', { as: await app.player(), body: createBody({ domain: 'kw' }) });
      expect(res).toMatchObject({ status: 400, body: { error: 'CALIBRATION_BELOW_FLOOR' } });
      expect(await counts(app)).toEqual(before);
      expect(await findLanguageScale(app.ctx.db, 'kw')).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('judges the floor before the reference edition: a small edition is 400 BELOW_FLOOR even while en is down', async () => {
    const { app, fake } = await appWithFake();
    try {
      fake.faults.add({ route: '*', domain: 'en', fault: { kind: 'status', status: 500 } });
      const before = await counts(app);
      const res = await app.call('POST', '/api/v1/leagues', { as: await app.player(), body: createBody({ domain: 'kw' }) });
      expect(res).toMatchObject({ status: 400, body: { error: 'CALIBRATION_BELOW_FLOOR' } });
      expect(await counts(app)).toEqual(before);
      // a healthy edition still needs en, so it is the retry-later answer
      mirrorEnglish(fake, 'de', 2);
      const de = await app.call('POST', '/api/v1/leagues', { as: await app.player(), body: createBody({ domain: 'de' }) });
      expect(de).toMatchObject({ status: 503, body: { error: 'CALIBRATION_UNAVAILABLE' } });
      expect(await counts(app)).toEqual(before);
    } finally {
      await app.close();
    }
  });

  it('answers 503 CALIBRATION_UNAVAILABLE when the edition’s encyclopedia is down, and writes nothing', async () => {
    const { app, fake } = await appWithFake();
    try {
      mirrorEnglish(fake, 'de', 2);
      fake.faults.add({ route: '*', domain: 'de', fault: { kind: 'status', status: 503 } });
      const before = await counts(app);
      const res = await app.call('POST', '/api/v1/leagues', { as: await app.player(), body: createBody({ domain: 'de' }) });
      expect(res).toMatchObject({ status: 503, body: { error: 'CALIBRATION_UNAVAILABLE' } });
      expect(await counts(app)).toEqual(before);
      // retry later may succeed
      fake.faults.clear();
      const later = await app.call('POST', '/api/v1/leagues', { as: await app.player(), body: createBody({ domain: 'de' }) });
      expect(later.status).toBe(201);
    } finally {
      await app.close();
    }
  });

  it('answers 503 CALIBRATION_UNAVAILABLE when only the namespace list fails (no fallback prefixes)', async () => {
    const { app, fake } = await appWithFake();
    try {
      mirrorEnglish(fake, 'de', 2);
      fake.faults.add({ route: 'siteinfo', domain: 'de', fault: { kind: 'status', status: 500 } });
      const res = await app.call('POST', '/api/v1/leagues', { as: await app.player(), body: createBody({ domain: 'de' }) });
      expect(res).toMatchObject({ status: 503, body: { error: 'CALIBRATION_UNAVAILABLE' } });
      expect(await findLanguageScale(app.ctx.db, 'de')).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('answers 503 CALIBRATION_UNAVAILABLE when no day of the window has a list', async () => {
    const { app, fake } = await appWithFake();
    try {
      mirrorEnglish(fake, 'de', 2);
      fake.faults.add({ route: 'top', domain: 'de', fault: { kind: 'status', status: 404 } });
      const res = await app.call('POST', '/api/v1/leagues', { as: await app.player(), body: createBody({ domain: 'de' }) });
      expect(res).toMatchObject({ status: 503, body: { error: 'CALIBRATION_UNAVAILABLE' } });
      expect((await counts(app)).leagues).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('rejects a code absent from the edition list with LEAGUE_UNKNOWN_DOMAIN before any calibration call', async () => {
    const { app, fake } = await appWithFake();
    try {
      for (const domain of ['xx', 'aa' /* closed wiki */, 'ang' /* no Wikipedia */]) {
        const res = await app.call('POST', '/api/v1/leagues', { as: await app.player(), body: createBody({ domain }) });
        expect(res).toMatchObject({ status: 400, body: { error: 'LEAGUE_UNKNOWN_DOMAIN' } });
      }
      expect(requestsTo(fake, 'top')).toHaveLength(0);
      expect(requestsTo(fake, 'siteinfo')).toHaveLength(0);
      // the list was fetched once and then served from upstream_cache
      expect(requestsTo(fake, 'sitematrix').length).toBeGreaterThan(0);
      const sitematrixCalls = requestsTo(fake, 'sitematrix').length;
      await app.call('POST', '/api/v1/leagues', { as: await app.player(), body: createBody({ domain: 'yy' }) });
      expect(requestsTo(fake, 'sitematrix')).toHaveLength(sitematrixCalls);
      const { upstreamCache } = tablesOf(app.ctx.db);
      expect((await app.ctx.db.select().from(upstreamCache)).map((r) => r.key)).toContain('encyclopedia:editions');
    } finally {
      await app.close();
    }
  });

  it('answers 503 when the edition list cannot be fetched for an unregistered edition, but founds on a registered one', async () => {
    const { app, fake } = await appWithFake();
    try {
      fake.faults.failAlways('sitematrix', 500);
      const player = await app.player();
      const unknown = await app.call('POST', '/api/v1/leagues', { as: player, body: createBody({ domain: 'de' }) });
      expect(unknown).toMatchObject({ status: 503, body: { error: 'CALIBRATION_UNAVAILABLE' } });
      expect((await counts(app)).leagues).toBe(0);
      for (const domain of ['en', 'it']) {
        const seeded = await app.call('POST', '/api/v1/leagues', { as: player, body: createBody({ domain }) });
        expect(seeded.status).toBe(201);
        expect(seeded.body.languageScale).toBe(domain === 'en' ? 1 : 13.9);
      }
      expect(requestsTo(fake, 'top')).toHaveLength(0);
    } finally {
      await app.close();
    }
  });

  it('measures once when two founders race on the same new edition, and both leagues freeze the same L', async () => {
    const { app, fake } = await appWithFake();
    try {
      mirrorEnglish(fake, 'de', 4);
      const [a, b] = await Promise.all([app.player(), app.player()]);
      const [ra, rb] = await Promise.all([
        app.call('POST', '/api/v1/leagues', { as: a, body: createBody({ domain: 'de' }) }),
        app.call('POST', '/api/v1/leagues', { as: b, body: createBody({ domain: 'de' }) }),
      ]);
      expect([ra.status, rb.status]).toEqual([201, 201]);
      expect(ra.body.languageScale).toBe(rb.body.languageScale);
      expect(requestsTo(fake, 'top', 'de')).toHaveLength(30);
    } finally {
      await app.close();
    }
  });
});
