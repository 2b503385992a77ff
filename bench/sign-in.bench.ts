/**
 * What a password sign-in costs with each record kind: real HTTP against an in-process
 * server on 127.0.0.1, one account per algorithm. Printed per algorithm: the median
 * wall time of a login one at a time, and logins per second with 8 in flight (hashing is
 * bounded to 2 at once). Baseline, same run: GET /api/v1/session (a verified cookie, no
 * hashing), so the hashing share of a sign-in is the difference.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseConfig } from '../src/platform/config';
import { createApp } from '../src/platform/http/app';
import { listen } from '../src/platform/http/server';
import { silentLogger } from '../src/platform/log';
import { openRuntime } from '../src/platform/runtime';
import type { PasswordAlgorithm } from '../src/features/auth/password-hashing';

const SEQUENTIAL = 20;
const CONCURRENT = 8;
const ROUNDS = 5;
const SECRET = 'bench-signing-secret-that-is-long-enough-0123456789';

async function serve(algorithm: PasswordAlgorithm) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-bench-sign-in-'));
  const config = parseConfig({
    databasePath: path.join(dir, 'fantasy.db'),
    signingSecret: SECRET,
    scheduler: { enabled: false },
    passwords: { algorithm },
    // the throttle is not what is measured: no failures happen, but keep it out of the way
    limits: { registrationsPerAddress: 1000, loginFreeFailuresPerUsername: 1000, loginFreeFailuresPerAddress: 1000 },
  });
  const log = silentLogger;
  const runtime = await openRuntime(config, { log });
  const server = await listen(createApp(runtime.ctx).fetch, '127.0.0.1', 0, log);
  const origin = server.url;
  const post = (route: string) =>
    fetch(`${server.url}/auth/password/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ username: `bench_${algorithm.replace(/[^a-z0-9]/g, '')}`, password: 'correct horse battery staple' }),
    });
  const registered = await post('register');
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const cookie = registered.headers.getSetCookie()[0]!.split(';')[0]!;
  return {
    login: async () => {
      const res = await post('login');
      if (res.status !== 200) throw new Error(`login answered ${res.status}`);
      await res.arrayBuffer();
    },
    session: async () => {
      const res = await fetch(`${server.url}/api/v1/session`, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`session answered ${res.status}`);
      await res.arrayBuffer();
    },
    close: async () => {
      await server.close();
      await runtime.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function sequentialMs(call: () => Promise<void>): Promise<number> {
  await call(); // warm
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return median(times);
}

async function perSecond(call: () => Promise<void>): Promise<number> {
  const rates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENT }, () => call()));
    rates.push((CONCURRENT * 1000) / (performance.now() - started));
  }
  return median(rates);
}

const rows: string[][] = [];
for (const algorithm of ['pbkdf2-sha256', 'argon2id'] as const) {
  const app = await serve(algorithm);
  try {
    const baseline = await sequentialMs(app.session);
    const login = await sequentialMs(app.login);
    const rate = await perSecond(app.login);
    rows.push([algorithm, login.toFixed(1), rate.toFixed(1), baseline.toFixed(2)]);
  } finally {
    await app.close();
  }
}
console.log(`sign-in cost, ${os.cpus().length} cores, median of ${SEQUENTIAL} sequential and ${ROUNDS} rounds of ${CONCURRENT} concurrent`);
console.log(['algorithm', 'login ms (1 at a time)', `logins/s (${CONCURRENT} in flight)`, 'baseline: GET /session ms'].join(' | '));
for (const row of rows) console.log(row.join(' | '));
