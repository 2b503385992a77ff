/**
 * API contracts as tables: one table per endpoint, one row per rule. Each row names the
 * caller, the request, and the status and body a client sees. The table's setup builds its
 * world once; every row runs on a copy of it (test/support/prepared-world.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Connection } from '../../src/platform/http/connection';
import type { CallResult, TestApp, TestPlayer } from './app';
import { preparedWorld } from './prepared-world';

export interface Scenario<W = Record<string, unknown>> {
  name: string;
  method: string;
  /** a path, or a function of the world the table's setup built */
  path: string | ((world: W) => string);
  body?: unknown | ((world: W) => unknown);
  rawBody?: string;
  headers?: Record<string, string>;
  /** the socket it arrives on (client address, local port), as the listener would record it */
  connection?: Connection;
  /** who calls: a key of the world naming a TestPlayer, or 'anonymous' */
  as?: string | 'anonymous';
  status: number;
  /** the exact body, a subset matched with toMatchObject, or a function that asserts */
  expect?: ((result: CallResult, world: W) => void | Promise<void>) | Record<string, unknown> | unknown[] | string | number | boolean | null;
  /** exact equality instead of subset matching */
  exact?: boolean;
  /** extra setup just for this row */
  before?: (world: W, app: TestApp) => void | Promise<void>;
}

export function scenarioTable<W extends Record<string, unknown>>(
  setup: () => Promise<{ app: TestApp; world: W }>,
  scenarios: Scenario<W>[],
): void {
  const fresh = preparedWorld(setup);
  for (const row of scenarios) {
    it(`${row.method} ${typeof row.path === 'string' ? row.path : '…'} — ${row.name}`, async () => {
      const { app, world } = await fresh();
      try {
        if (row.before) await row.before(world, app);
        const path = typeof row.path === 'function' ? row.path(world) : row.path;
        const body = typeof row.body === 'function' ? (row.body as (w: W) => unknown)(world) : row.body;
        const as = row.as && row.as !== 'anonymous' ? (world[row.as] as TestPlayer) : null;
        const result = await app.call(row.method, path, { body, rawBody: row.rawBody, as, headers: row.headers, connection: row.connection });
        expect({ status: result.status, body: result.body ?? result.text }).toMatchObject({ status: row.status });
        if (typeof row.expect === 'function') await (row.expect as (r: CallResult, w: W) => unknown)(result, world);
        else if (row.expect !== undefined) {
          if (row.exact) expect(result.body).toEqual(row.expect);
          else expect(result.body).toMatchObject(row.expect as object);
        }
      } finally {
        await app.close();
      }
    });
  }
}

/** A row that also names the deployment (config, upstream bindings) it must run against. */
export type DeploymentScenario<W, D extends string> = Scenario<W> & { deployment?: D };

/**
 * One endpoint's table when its rows need different deployments: rows are grouped by
 * `deployment` (the first one listed when a row names none), one describe and one setup per
 * group, so a row never has to rebuild the app itself.
 */
export function scenarioTablesByDeployment<W extends Record<string, unknown>, D extends string>(
  deployments: readonly [D, ...D[]],
  setupFor: (deployment: D) => () => Promise<{ app: TestApp; world: W }>,
  rows: DeploymentScenario<W, D>[],
): void {
  for (const deployment of deployments) {
    const group = rows.filter((row) => (row.deployment ?? deployments[0]) === deployment);
    if (group.length > 0) describe(deployment, () => scenarioTable(setupFor(deployment), group));
  }
}
