/**
 * Service-level properties of league founding that HTTP cannot show directly: the write
 * lock is free while the encyclopedia is being asked, and invitation-code redraws.
 */
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { isFailure } from '../../src/domain/errors';
import { LeagueService } from '../../src/features/leagues/service';
import { leagues, teams } from '../../src/platform/db/schema/sqlite';
import { appWithFake, createBody, mirrorEnglish } from '../features/leagues/leagues-fixtures';
import { createTestApp } from '../support/app';
import { buildLeague } from '../support/builders';
import { CreateLeagueRequestSchema } from '../../src/features/leagues/wire';

/** The service takes the request as the route's schema parsed it. */
const founding = (overrides: Record<string, unknown> = {}) => CreateLeagueRequestSchema.parse(createBody(overrides));

describe('calibration and the write lock', () => {
  it('another connection can write while a founding waits on the encyclopedia', async () => {
    const { app, fake } = await appWithFake();
    const other = new BetterSqlite3(app.database);
    try {
      mirrorEnglish(fake, 'de', 2);
      fake.faults.slow('top', 400);
      const founder = await app.player();
      const founding = app.call('POST', '/api/v1/leagues', { as: founder, body: createBody({ domain: 'de' }) });
      while (fake.inFlight === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      // no waiting allowed: if the founding held the write lock this would fail with SQLITE_BUSY
      other.pragma('busy_timeout = 0');
      other.exec("BEGIN IMMEDIATE; INSERT INTO settings (key, value) VALUES ('probe', 'written during calibration'); COMMIT;");
      expect(fake.inFlight).toBeGreaterThan(0);
      expect((await founding).status).toBe(201);
    } finally {
      other.close();
      await app.close();
    }
  });

  it('an edition whose wiki lives on another subdomain (nb → no.wikipedia.org) is measured and stored under the host name', async () => {
    const { app, fake } = await appWithFake();
    try {
      mirrorEnglish(fake, 'no', { en: 3, target: 2 });
      const res = await app.call('POST', '/api/v1/leagues', { as: await app.player(), body: createBody({ domain: 'nb' }) });
      expect(res.status).toBe(201);
      expect(res.body.domain).toBe('no');
      expect(res.body.languageScale).toBeCloseTo(1.5, 12);
    } finally {
      await app.close();
    }
  });
});

describe('invitation codes at founding', () => {
  const script = (...fills: number[]) => {
    let call = 0;
    return (n: number) => new Uint8Array(n).fill(fills[Math.min(call++, fills.length - 1)]);
  };

  it('redraws on a collision and stores the first unused code', async () => {
    const app = await createTestApp();
    try {
      const admin = await app.player();
      await buildLeague(app, admin, { visibility: 'private', invitationCode: '22222' });
      const { db, clock, log, upstream, services } = app.ctx;
      // all-zero bytes draw '22222' (taken), all-one bytes '33333'
      const { calibration, editions } = services;
      const service = new LeagueService({ db, clock, log, encyclopedia: upstream.encyclopedia, calibration, editions, randomBytes: script(0, 1) });
      const league = await service.create(admin.id, founding({ visibility: 'private' }));
      expect(db.select().from(leagues).all().find((l) => l.id === league.id)!.invitationCode).toBe('33333');
    } finally {
      await app.close();
    }
  });

  it('gives up after five colliding draws with INVITATION_CODE_UNAVAILABLE (500) and writes nothing', async () => {
    const app = await createTestApp();
    try {
      const admin = await app.player();
      await buildLeague(app, admin, { visibility: 'private', invitationCode: '22222' });
      const { db, clock, log, upstream, services } = app.ctx;
      let draws = 0;
      const service = new LeagueService({
        db,
        clock,
        log,
        encyclopedia: upstream.encyclopedia,
        calibration: services.calibration,
        editions: services.editions,
        randomBytes: (n) => {
          draws++;
          return new Uint8Array(n).fill(0);
        },
      });
      const error = await service.create(admin.id, founding({ visibility: 'private' })).catch((e: unknown) => e);
      expect(isFailure(error) && [error.code, error.status]).toEqual(['INVITATION_CODE_UNAVAILABLE', 500]);
      expect(draws).toBe(5);
      expect(db.select().from(leagues).all()).toHaveLength(1);
      expect(db.select().from(teams).all()).toHaveLength(1);
      // a public league needs no code, so the same source cannot block it
      await expect(service.create(admin.id, founding())).resolves.toMatchObject({ visibility: 'public' });
    } finally {
      await app.close();
    }
  });
});
