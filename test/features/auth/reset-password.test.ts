/**
 * `fantasy reset-password`: the operator's answer to a forgotten password, checked where the
 * player meets it, at the sign-in route. One row per rule, each on its own copy of a world in
 * which alice has a password account and has just been throttled by her own guesses, and bob
 * signs in another way.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_FRONTEND, type TestApp, type TestPlayer } from '../../support/app';
import { PASSWORD_RECHECK_MS } from '../../../src/features/auth/service';
import { preparedWorld } from '../../support/prepared-world';
import { runCliCaptured } from '../../support/cli';
import { databaseConfig, folderOf } from '../../support/test-store';
import { generatedPassword } from '../../../cli/commands/reset-password';

const origin = { origin: TEST_FRONTEND };
const limits = { loginFreeFailuresPerUsername: 2 };

const login = (app: TestApp, username: string, password: string) =>
  app.call('POST', '/auth/password/login', { body: { username, password }, headers: origin });

const world = preparedWorld(async () => {
  const app = await createTestApp({ config: { limits } });
  const registered = await app.call('POST', '/auth/password/register', { body: { username: 'alice', password: 'forgotten' }, headers: origin });
  expect(registered.status).toBe(201);
  // still signed in on some device, while she cannot sign in anywhere else
  const aliceSession = { cookie: registered.headers.getSetCookie()[0].split(';')[0] } as TestPlayer;
  app.clock.advance(1000);
  expect((await login(app, 'alice', 'guess one')).status).toBe(401);
  expect((await login(app, 'alice', 'guess two')).status).toBe(401);
  // throttled now: even the right password waits
  expect(await login(app, 'alice', 'forgotten')).toMatchObject({ status: 429, body: { error: 'LOGIN_THROTTLED' } });
  // a player who signs in another way (the identity provider) and has no password here
  await app.player('bob');
  return { app, world: { aliceSession } };
});

interface Row {
  name: string;
  args: string[];
  stdin?: string;
  expect: (ran: { code: number; stdout: string; stderr: string }, app: TestApp, aliceSession: TestPlayer) => Promise<void>;
  /** what happens on the running server before the verb runs */
  before?: (app: TestApp, aliceSession: TestPlayer) => Promise<void>;
}

/** The verb's line with the new password; the password is the rest of it. */
function printedPassword(stdout: string): string {
  const match = /^alice's new password: (\S+)\n$/.exec(stdout);
  expect(match, stdout).not.toBeNull();
  return match![1];
}

const rows: Row[] = [
  {
    name: 'generates a password, prints it once, and alice signs in with it at once, throttle lifted',
    args: ['alice'],
    expect: async (ran, app) => {
      expect(ran.code).toBe(0);
      const password = printedPassword(ran.stdout);
      expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
      expect((await login(app, 'alice', password)).status).toBe(200);
    },
  },
  {
    name: 'the sessions signed in before end: at once on a server that had not read the account',
    args: ['alice'],
    expect: async (ran, app, aliceSession) => {
      expect(ran.code).toBe(0);
      expect((await app.call('GET', '/api/v1/session', { as: aliceSession })).status).toBe(401);
    },
  },
  {
    name: 'and within half a minute on one that had: the server reads the account again after that',
    args: ['alice'],
    before: async (app, aliceSession) => {
      expect((await app.call('GET', '/api/v1/session', { as: aliceSession })).status).toBe(200);
    },
    expect: async (ran, app, aliceSession) => {
      expect(ran.code).toBe(0);
      expect((await app.call('GET', '/api/v1/session', { as: aliceSession })).status).toBe(200);
      app.clock.advance(PASSWORD_RECHECK_MS);
      expect((await app.call('GET', '/api/v1/session', { as: aliceSession })).status).toBe(401);
    },
  },
  {
    name: 'the old password no longer signs in',
    args: ['alice'],
    expect: async (ran, app) => {
      expect(ran.code).toBe(0);
      expect(await login(app, 'alice', 'forgotten')).toMatchObject({ status: 401, body: { error: 'INVALID_CREDENTIALS' } });
    },
  },
  {
    name: 'the username is matched as sign-in matches it, whatever its case',
    args: ['ALICE'],
    expect: async (ran, app) => {
      expect(ran.code).toBe(0);
      const password = /new password: (\S+)\n$/.exec(ran.stdout)![1];
      expect((await login(app, 'alice', password)).status).toBe(200);
    },
  },
  {
    name: '--password-stdin takes the line piped in, without its newline, and prints no password',
    args: ['alice', '--password-stdin'],
    stdin: 'chosen by alice\n',
    expect: async (ran, app) => {
      expect({ code: ran.code, stdout: ran.stdout }).toEqual({ code: 0, stdout: "alice's password is reset\n" });
      expect((await login(app, 'alice', 'chosen by alice')).status).toBe(200);
    },
  },
  {
    name: 'a password on stdin over 200 characters is refused and nothing changes',
    args: ['alice', '--password-stdin'],
    stdin: `${'p'.repeat(201)}\n`,
    expect: async (ran, app) => {
      expect({ code: ran.code, stdout: ran.stdout, stderr: ran.stderr }).toEqual({
        code: 1,
        stdout: '',
        stderr: 'fantasy: the password on stdin is longer than 200 characters\n',
      });
      // still throttled: nothing was forgiven either
      expect(await login(app, 'alice', 'forgotten')).toMatchObject({ status: 429, body: { error: 'LOGIN_THROTTLED' } });
    },
  },
  {
    name: 'an unknown username exits 1 and says so',
    args: ['carol'],
    expect: async (ran) => {
      expect({ code: ran.code, stdout: ran.stdout }).toEqual({ code: 1, stdout: '' });
      expect(ran.stderr).toMatch(/^fantasy: no password account is named carol /);
    },
  },
  {
    name: 'a player who signs in another way has no password to reset',
    args: ['bob'],
    expect: async (ran, app) => {
      expect(ran.code).toBe(1);
      expect(ran.stderr).toContain('no password account is named bob');
      expect(await login(app, 'bob', '')).toMatchObject({ status: 401 });
    },
  },
  {
    name: 'no username is bad usage (exit 2)',
    args: [],
    expect: async (ran) => {
      expect(ran.code).toBe(2);
      expect(ran.stderr).toContain("missing required argument 'username'");
    },
  },
];

describe('fantasy reset-password', () => {
  for (const row of rows) {
    it(row.name, async () => {
      const { app, world: built } = await world();
      await row.before?.(app, built.aliceSession);
      const config = path.join(folderOf(app.database), `reset-${Math.random().toString(36).slice(2)}.json`);
      fs.writeFileSync(config, JSON.stringify({ ...databaseConfig(app.database), limits }));
      const stdin = row.stdin === undefined ? null : vi.spyOn(process, 'stdin', 'get').mockReturnValue(Readable.from([row.stdin]) as never);
      try {
        const ran = await runCliCaptured(['--config', config, 'reset-password', ...row.args]);
        // whatever the verb did, the secret it generated or read never reaches stderr
        expect(ran.stderr).not.toMatch(/new password|chosen by alice/);
        await row.expect(ran, app, built.aliceSession);
      } finally {
        stdin?.mockRestore();
        fs.rmSync(config, { force: true });
        await app.close();
      }
    }, 30_000);
  }

  it('never generates the same password twice in a thousand tries', () => {
    expect(new Set(Array.from({ length: 1000 }, generatedPassword)).size).toBe(1000);
  });
});
