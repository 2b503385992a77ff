/**
 * An in-process service for API tests: a database of its own on the run's engine (a temporary
 * SQLite file, or a PostgreSQL database: test/support/test-store.ts), a pinned clock, loopback
 * upstreams supplied by the test, and helpers to call routes as a signed-in player.
 */
import crypto from 'node:crypto';
import { ManualClock } from '../../src/platform/clock';
import { type ConfigInput, parseConfig } from '../../src/platform/config';
import { createApp, webHandler } from '../../src/platform/http/app';
import { type Connection, recordConnection } from '../../src/platform/http/connection';
import type { AppContext } from '../../src/platform/app-context';
import { type Logger, memoryLogger } from '../../src/platform/log';
import type { PasswordCost } from '../../src/features/auth/password-hashing';
import { openRuntime } from '../../src/platform/runtime';
import { usernameKey } from '../../src/domain/name-keys';
import { assertDocumentedAnswer } from './documented-answers';
import { claimsFor } from '../../src/features/auth/service';
import { mintSessionToken, SESSION_COOKIE } from '../../src/features/auth/session-tokens';
import { writeTransaction } from '../../src/platform/db/database';
import { closeTestStore, copiesOf, databaseConfig, migratedTestDatabase, openTestStore, tempDatabasePath } from './test-store';

export { tempDatabasePath } from './test-store';
import { newId } from '../../src/platform/db/ids';
import { insertPlayer, type PlayerRow } from '../../src/features/auth/store';
import type { Upstreams } from '../../src/upstream';

export type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

export const TEST_SIGNING_SECRET = 'test-signing-secret-that-is-long-enough-0123456789';
export const TEST_SERVICE_TOKEN = 'test-service-token';
export const TEST_FRONTEND = 'http://localhost:5173';

export interface TestPlayer {
  id: string;
  subject: string;
  name: string;
  email: string;
  cookie: string;
  row: PlayerRow;
}

export interface CallOptions {
  body?: unknown;
  rawBody?: string;
  as?: TestPlayer | null;
  headers?: Record<string, string>;
  /** the socket the request arrives on, as the listener records it (per-address limits, loopback origins) */
  connection?: Connection;
}

export interface CallResult {
  status: number;
  body: any;
  text: string;
  headers: Headers;
}

export interface TestApp {
  ctx: AppContext;
  clock: ManualClock;
  log: Logger & { lines: Record<string, unknown>[] };
  /** where its data is: a file path on SQLite, a URL on PostgreSQL (test/support/test-store.ts) */
  database: string;
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  player(name?: string): Promise<TestPlayer>;
  /** a cookie for an arbitrary subject (e.g. one the database does not know) */
  cookieFor(subject: string, options?: { secret?: string; now?: Date }): Promise<string>;
  /** the service after a restart: a second app on the same database and options */
  restart(): Promise<TestApp>;
  /**
   * Stops this app's runtime and store (its upstream fakes keep running) and answers a maker of
   * copies: each `copy()` is an app on a copy of the database as it stood, with the same options
   * and the clock where it stood, and a runtime of its own; on PostgreSQL the copy before must be
   * closed first (test/support/test-store.ts `copiesOf`). See test/support/prepared-world.ts.
   */
  freeze(): Promise<FrozenApp>;
  close(): Promise<void>;
}

export interface FrozenApp {
  copy(): Promise<TestApp>;
  /** ends what the copies hold open; the copies themselves close on their own */
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: DeepPartial<ConfigInput>;
  upstream?: Partial<Upstreams>;
  now?: string;
  /** reuse a database, migrated (e.g. to show state survives a restart): a `TestApp.database` */
  database?: string;
  /** what new password records cost: cheap unless a test is about the production cost */
  passwordCost?: PasswordCost;
  /** PostgreSQL connections the app may hold at once (4 unless a test of concurrency asks for more) */
  poolSize?: number;
  /** how long a write waits for its turn: SQLite's busy_timeout, PostgreSQL's league turn (5 s and 15 s unless shortened) */
  writeWaitMs?: number;
  /** how long one webhook or push message may take (5 s unless a test shortens it) */
  outboundTimeoutMs?: number;
}

/**
 * A few PBKDF2 iterations and argon2id's minimum memory: the records keep their shape and
 * still verify, without every sign-in row paying 600,000 iterations.
 */
export const TEST_PASSWORD_COST: PasswordCost = { pbkdf2Iterations: 1_000, argon2id: { memoryCost: 1_024, timeCost: 1, parallelism: 1 } };

function merge(base: Record<string, unknown>, extra: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!extra) return base;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] =
      value && typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object'
        ? merge(current as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return out;
}

export function testConfig(overrides?: DeepPartial<ConfigInput>, database = tempDatabasePath()) {
  return parseConfig(
    merge(
      {
        environment: 'test',
        ...databaseConfig(database),
        frontendUrl: TEST_FRONTEND,
        signingSecret: TEST_SIGNING_SECRET,
        serviceToken: TEST_SERVICE_TOKEN,
        scheduler: { enabled: false },
        // Unroutable on purpose: a test that forgot to start a fake fails instead of leaving the machine.
        encyclopedia: {
          siteUrl: 'http://127.0.0.1:9/{domain}',
          metricsUrl: 'http://127.0.0.1:9/metrics',
          metaUrl: 'http://127.0.0.1:9/meta',
          userAgent: 'FantasyTest/1.0 (test@example.org)',
        },
        identityProvider: {
          authorizeUrl: 'http://127.0.0.1:9/authorize',
          tokenUrl: 'http://127.0.0.1:9/token',
          userinfoUrl: 'http://127.0.0.1:9/userinfo',
        },
      },
      overrides as Record<string, unknown>,
    ),
  );
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await migratedTestDatabase());
  const config = testConfig(options.config, database);
  const clock = new ManualClock(options.now ?? '2026-05-10T12:00:00.000Z');
  const log = memoryLogger();
  const db = await openTestStore(database, { poolSize: options.poolSize, writeWaitMs: options.writeWaitMs });
  const runtime = await openRuntime(config, { clock, log, upstream: options.upstream, db, passwordCost: options.passwordCost ?? TEST_PASSWORD_COST, outboundTimeoutMs: options.outboundTimeoutMs });
  const { ctx } = runtime;
  const elysia = createApp(ctx);
  const handler = webHandler(elysia);

  const cookieFor: TestApp['cookieFor'] = async (subject, opts = {}) => {
    const token = await mintSessionToken(
      { sub: subject, email: `${subject}@example.org`, name: subject, picture: '' },
      opts.secret ?? ctx.signingSecret ?? TEST_SIGNING_SECRET,
      opts.now ?? clock.now(),
    );
    return `${SESSION_COOKIE}=${token}`;
  };

  let counter = 0;
  let closed = false;
  const closeStore = async () => {
    if (closed) return;
    closed = true;
    await runtime.close();
    await closeTestStore(db);
  };
  return {
    ctx,
    clock,
    log,
    database,
    async call(method, urlPath, opts = {}) {
      const headers = new Headers(opts.headers);
      let body: string | undefined;
      if (opts.rawBody !== undefined) body = opts.rawBody;
      else if (opts.body !== undefined) body = JSON.stringify(opts.body);
      if (body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
      if (opts.as) headers.set('cookie', opts.as.cookie);
      const request = new Request(`http://localhost${urlPath}`, { method, headers, body });
      if (opts.connection) recordConnection(request, opts.connection);
      const response = await handler(request);
      const text = await response.text();
      // Elysia writes the request's log line and metric just after answering
      await new Promise((resolve) => setImmediate(resolve));
      let parsed: unknown = undefined;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      assertDocumentedAnswer(elysia, method, urlPath, response.status, response.headers.get('content-type'), parsed);
      return { status: response.status, body: parsed, text, headers: response.headers };
    },
    async player(name) {
      counter++;
      const username = name ?? `player${counter}_${crypto.randomBytes(3).toString('hex')}`;
      const row = await writeTransaction(ctx.db, (tx) => insertPlayer(tx, {
        id: newId('pl'),
        subject: `test:${username}`,
        username,
        usernameKey: usernameKey(username),
        name: username,
        email: `${username}@example.org`,
        picture: '',
        createdAt: clock.now().toISOString(),
      }));
      const token = await mintSessionToken(claimsFor(row), ctx.signingSecret ?? TEST_SIGNING_SECRET, clock.now());
      return { id: row.id, subject: row.subject, name: row.name, email: row.email, cookie: `${SESSION_COOKIE}=${token}`, row };
    },
    cookieFor,
    restart: () => createTestApp({ ...options, database }),
    async freeze() {
      const at = clock.now().toISOString();
      await closeStore();
      const copies = await copiesOf(database);
      return {
        copy: async () => createTestApp({ ...options, now: at, database: await copies.next() }),
        close: () => copies.close(),
      };
    },
    close: closeStore,
  };
}

/** What the scoring engine sends on every `/internal/*` call. */
export const ENGINE_HEADERS = { authorization: `Bearer ${TEST_SERVICE_TOKEN}` };

/** The callers most API tables need: alice (signed in), a ghost (a valid token for no player), and a restart. */
export interface CallerWorld {
  app: TestApp;
  alice: TestPlayer;
  ghost: TestPlayer;
}

export async function createCallerWorld(options: TestAppOptions = {}): Promise<CallerWorld> {
  const app = await createTestApp(options);
  const alice = await app.player('alice');
  const ghost = { ...alice, cookie: await app.cookieFor('test:nobody-we-know') };
  return { app, alice, ghost };
}
