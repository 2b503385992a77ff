/**
 * A world built once and copied for every test that needs it, as a scenario table's rows do:
 * the setup runs once (its players, leagues, contracts and fakes), then the app is frozen and
 * each test gets an app of its own on a copy of that database (test/support/app.ts `freeze`)
 * with the clock where the setup left it, and every fake put back as the setup left it
 * (test/fakes/rewind.ts). A test may change anything; the next one never sees it.
 */
import { afterAll, beforeAll } from 'vitest';
import { checkpointFakes, rewindFakes } from '../fakes/rewind';
import type { FrozenApp, TestApp } from './app';

export interface Built<W> {
  app: TestApp;
  world: W;
}

/**
 * Registers the build (in `beforeAll` of the enclosing describe) and answers a maker of copies:
 * each call is a fresh app and the world with every reference to the built app replaced by it.
 * The copy's `close()` closes its own runtime and store; the built app and its fakes close after the describe.
 */
export function preparedWorld<W>(setup: () => Promise<Built<W>>): () => Promise<Built<W>> {
  let built: Built<W> | undefined;
  let frozen: FrozenApp | undefined;
  beforeAll(async () => {
    built = await setup();
    frozen = await built.app.freeze();
    checkpointFakes();
  });
  afterAll(async () => {
    await frozen?.close();
    await built?.app.close();
  });
  return async () => {
    if (!built || !frozen) throw new Error('preparedWorld: the world is built in beforeAll; call the maker inside a test');
    rewindFakes();
    const app = await frozen.copy();
    return { app, world: replaced(built.world, built.app, app) };
  };
}

/**
 * The world for one test: its data (players, teams, ids: plain objects and arrays) copied, so a
 * test that changes a player's cookie changes it for itself only, and every reference to the
 * built app replaced by the test's. What carries behaviour (an object with a method, such as a
 * fake, or an instance of a class) stays the same live reference.
 */
function replaced<T>(value: T, from: unknown, to: unknown, top = true): T {
  if (value === from) return to as T;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((child) => replaced(child, from, to, false)) as T;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  if (!top && Object.values(value).some((child) => typeof child === 'function')) return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, replaced(child, from, to, false)])) as T;
}
