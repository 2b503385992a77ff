/** §6.3 the Global League through `fantasy seed-global` and the endpoints that treat it specially. */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCliCaptured as cli } from '../../support/cli';
import { leagues, players } from '../../../src/platform/db/schema/sqlite';
import { createTestApp, tempDatabasePath, TEST_FRONTEND, TEST_SIGNING_SECRET } from '../../support/app';
import { startFakeEncyclopedia, type FakeEncyclopedia } from '../../fakes/encyclopedia';
import { mirrorEnglish, TODAY } from './leagues-fixtures';

afterEach(() => vi.restoreAllMocks());

/** A config file pointing the CLI at the loopback encyclopedia and a fresh database. */
function configFile(fake: FakeEncyclopedia): string {
  const file = path.join(path.dirname(tempDatabasePath()), 'fantasy.config.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      signingSecret: TEST_SIGNING_SECRET,
      databasePath: tempDatabasePath(),
      encyclopedia: { metricsUrl: fake.metricsUrl, siteUrl: fake.siteUrl, metaUrl: fake.metaUrl, userAgent: 'FantasyTest/1.0 (test@example.org)' },
    }),
  );
  return file;
}

describe('fantasy seed-global', () => {
  it('creates the Global League once; a second run changes nothing and says so', async () => {
    const databasePath = tempDatabasePath();
    const first = await cli(['seed-global', '--database', databasePath]);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toMatch(/created the Global League: id global, "Global League", domain en, L=1/);
    const second = await cli(['seed-global', '--database', databasePath, '--name', 'Another Name', '--domain', 'it']);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/already exists, nothing changed: id global, "Global League", domain en/);

    const app = await createTestApp({ database: databasePath });
    try {
      const rows = app.ctx.db.select().from(leagues).all();
      expect(rows).toEqual([
        expect.objectContaining({
          id: 'global',
          name: 'Global League',
          adminId: 'system',
          domain: 'en',
          languageScale: 1,
          icon: '🌍',
          visibility: 'public',
          invitePolicy: 'members',
          invitationCode: null,
          closedAt: null,
          startDate: '2024-01-01T00:00:00.000Z',
          endDate: '2124-01-01T00:00:00.000Z',
        }),
      ]);
      expect(app.ctx.db.select().from(players).all().filter((p) => p.id === 'system')).toHaveLength(1);
      // every player can join it like a public league and find it in their list
      const p = await app.player();
      expect((await app.call('GET', '/api/v1/leagues/global', { as: p })).body.teamCount).toBe(0);
      expect((await app.call('POST', '/api/v1/leagues/global/my-team', { as: p, body: { name: 'Wanderers' } })).status).toBe(201);
      expect((await app.call('GET', '/api/v1/leagues', { as: p })).body.map((l: { id: string }) => l.id)).toEqual(['global']);
      expect((await app.call('POST', '/api/v1/leagues/global/my-departure', { as: p })).body).toEqual({ error: 'CANNOT_LEAVE_GLOBAL' });
      expect((await app.call('GET', '/api/v1/leagues/global/my-role', { as: p })).body).toEqual({ isMember: true, isAdmin: false });
    } finally {
      await app.close();
    }
  });

  it('seeds even when a player already signed up as "_system": the system player\'s username is one sign-up cannot produce', async () => {
    const databasePath = tempDatabasePath();
    const app = await createTestApp({ database: databasePath });
    try {
      const registered = await app.call('POST', '/auth/password/register', { body: { username: '_system', password: 'pw' }, headers: { origin: TEST_FRONTEND } });
      expect(registered.status).toBe(201);
      const seeded = await cli(['seed-global', '--database', databasePath]);
      expect(seeded).toMatchObject({ code: 0, stderr: '' });
      expect(seeded.stdout).toMatch(/created the Global League/);
      expect(app.ctx.db.select().from(leagues).all().map((l) => [l.id, l.adminId])).toEqual([['global', 'system']]);
    } finally {
      await app.close();
    }
  });

  it('--domain it --name takes the registry value; --domain of an unregistered edition calibrates it', async () => {
    const it1 = tempDatabasePath();
    const res = await cli(['seed-global', '--database', it1, '--domain', 'it', '--name', 'Lega Globale']);
    expect(res.stdout).toMatch(/created the Global League: id global, "Lega Globale", domain it, L=13.9\n/);

    const fake = await startFakeEncyclopedia({ today: TODAY });
    try {
      mirrorEnglish(fake, 'de', 4);
      const config = configFile(fake);
      // the fake's days are relative to TODAY; the CLI reads the real clock, so pin the window's data to it
      vi.useFakeTimers({ now: new Date(`${TODAY}T12:00:00Z`), toFake: ['Date'] });
      const calibrated = await cli(['--config', config, 'seed-global', '--domain', 'de']);
      vi.useRealTimers();
      expect(calibrated).toMatchObject({ code: 0 });
      expect(calibrated.stdout).toMatch(/domain de, L=4 \(edition calibrated just now\)/);
    } finally {
      vi.useRealTimers();
      await fake.close();
    }
  });

  it('rejects a malformed --domain as bad usage, and an edition the encyclopedia does not have in one line', async () => {
    expect((await cli(['seed-global', '--database', tempDatabasePath(), '--domain', 'Not A Code'])).code).toBe(2);
    const fake = await startFakeEncyclopedia({ today: TODAY });
    try {
      const unknown = await cli(['--config', configFile(fake), 'seed-global', '--domain', 'xx']);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toBe('fantasy: could not seed the Global League: LEAGUE_UNKNOWN_DOMAIN\n');
      expect(fake.requests.filter((r) => r.route === 'top')).toHaveLength(0);
    } finally {
      await fake.close();
    }
  });
});
