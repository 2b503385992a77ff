/** GET /api/v1/encyclopedia-editions (W7): every live edition, unfiltered, cached for 30 days. */
import { describe, expect, it } from 'vitest';
import { appWithFake, requestsTo } from './leagues-fixtures';
import { createTestApp } from '../../support/app';

describe('GET /api/v1/encyclopedia-editions', () => {
  it('lists every group with an open Wikipedia, names falling back to the code, below-floor editions included', async () => {
    const { app } = await appWithFake();
    try {
      const res = await app.call('GET', '/api/v1/encyclopedia-editions', { as: await app.player() });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        { code: 'de', autonym: 'Deutsch', englishName: 'German' },
        { code: 'en', autonym: 'English', englishName: 'English' },
        { code: 'it', autonym: 'italiano', englishName: 'Italian' },
        { code: 'kw', autonym: 'kernowek', englishName: 'Cornish' },
        { code: 'nb', autonym: 'norsk bokmål', englishName: 'Norwegian Bokmål' },
        { code: 'zh-yue', autonym: '粵語', englishName: 'Cantonese' },
        { code: 'xal', autonym: 'xal', englishName: 'xal' },
      ]);
    } finally {
      await app.close();
    }
  });

  it('serves the list from the cache for 30 days, then refreshes it', async () => {
    const { app, fake } = await appWithFake();
    try {
      const player = await app.player();
      await app.call('GET', '/api/v1/encyclopedia-editions', { as: player });
      const first = requestsTo(fake, 'sitematrix').length;
      expect(first).toBeGreaterThan(0);
      fake.data.addEdition({ code: 'pt', name: 'português', localname: 'Portuguese', site: [{ url: 'https://pt.wikipedia.org', dbname: 'ptwiki', code: 'wiki', sitename: 'Wikipédia' }] });
      app.clock.advanceDays(29);
      const cached = await app.call('GET', '/api/v1/encyclopedia-editions', { as: { ...player, cookie: await app.cookieFor(player.subject) } });
      expect(cached.body.map((e: { code: string }) => e.code)).not.toContain('pt');
      expect(requestsTo(fake, 'sitematrix')).toHaveLength(first);
      app.clock.advanceDays(2);
      const fresh = await app.call('GET', '/api/v1/encyclopedia-editions', { as: { ...player, cookie: await app.cookieFor(player.subject) } });
      expect(fresh.body.map((e: { code: string }) => e.code)).toContain('pt');
    } finally {
      await app.close();
    }
  });

  it('falls back to a stale copy when the refresh fails', async () => {
    const { app, fake } = await appWithFake();
    try {
      const player = await app.player();
      expect((await app.call('GET', '/api/v1/encyclopedia-editions', { as: player })).status).toBe(200);
      app.clock.advanceDays(31);
      fake.faults.failAlways('sitematrix', 503);
      const res = await app.call('GET', '/api/v1/encyclopedia-editions', { as: { ...player, cookie: await app.cookieFor(player.subject) } });
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(7);
    } finally {
      await app.close();
    }
  });

  it('answers 503 EDITION_LIST_UNAVAILABLE when the encyclopedia is unreachable and nothing is cached', async () => {
    const { app, fake } = await appWithFake();
    try {
      fake.faults.failAlways('sitematrix', 500);
      const res = await app.call('GET', '/api/v1/encyclopedia-editions', { as: await app.player() });
      expect(res).toMatchObject({ status: 503, body: { error: 'EDITION_LIST_UNAVAILABLE' } });
    } finally {
      await app.close();
    }
  });

  it('answers 503 when the sitematrix answers 200 with an error body', async () => {
    const { app, fake } = await appWithFake();
    try {
      fake.faults.malformed('sitematrix', { error: { code: 'internal_api_error', info: 'boom' } });
      const res = await app.call('GET', '/api/v1/encyclopedia-editions', { as: await app.player() });
      expect(res).toMatchObject({ status: 503, body: { error: 'EDITION_LIST_UNAVAILABLE' } });
    } finally {
      await app.close();
    }
  });

  it('needs a session', async () => {
    const app = await createTestApp();
    try {
      expect((await app.call('GET', '/api/v1/encyclopedia-editions')).status).toBe(401);
    } finally {
      await app.close();
    }
  });
});
