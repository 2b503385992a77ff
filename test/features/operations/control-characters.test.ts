/**
 * A control character in a path or query value (issue 35): `%00` answered 500 on PostgreSQL
 * only, whose text cannot hold a NUL, in 35 routes. Every route of the OpenAPI document is
 * walked on the run's engine: a path value holding one answers exactly as an unknown id does
 * (what SQLite always answered), and a query value holding one is refused with a 400 in the
 * error shape; never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ENGINE_HEADERS, TEST_FRONTEND, type TestApp, type TestPlayer } from '../../support/app';
import { buildLeague } from '../../support/builders';

type Operation = { parameters?: { name: string; in: 'path' | 'query' | 'header' | 'cookie' }[] };
type Document = { paths: Record<string, Record<string, Operation>> };

let app: TestApp;
let player: TestPlayer;
let document: Document;
/** real values for each path parameter, so that a query is judged on a route that finds what it names */
let known: Record<string, string>;

beforeAll(async () => {
  app = await createTestApp();
  player = await app.player('walker');
  const { league, team } = await buildLeague(app, player, { visibility: 'private', invitationCode: 'WALKS' });
  known = { id: league.id, teamId: team.id, code: 'WALKS', contractId: 'ct_unknown' };
  document = (await app.call('GET', '/openapi.json')).body as Document;
});

afterAll(async () => {
  await app?.close();
});

/** Every documented operation, its method upper-cased, its template as the document spells it. */
function operations(): { method: string; template: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), template, operation })),
  );
}

function call(method: string, path: string) {
  // a minute on between calls: an invitation code's five attempts a minute never refuse the walk
  app.clock.set(new Date(app.clock.now().getTime() + 61_000).toISOString());
  const writes = ['POST', 'PUT', 'PATCH'].includes(method);
  return app.call(method, path, {
    as: player,
    headers: { origin: TEST_FRONTEND, ...(path.startsWith('/internal/') ? ENGINE_HEADERS : {}) },
    body: writes ? {} : undefined,
  });
}

const answered = (result: { status: number; body: unknown }) => ({ status: result.status, body: result.body });

describe('a control character in a path value', () => {
  it('answers on every route as an id the service does not know, never 500', async () => {
    const routes = operations().filter(({ operation }) => operation.parameters?.some((parameter) => parameter.in === 'path'));
    expect(routes.length).toBeGreaterThan(30);
    for (const { method, template } of routes) {
      const unknown = answered(await call(method, template.replace(/\{[^}]+\}/g, 'zz_unknown')));
      for (const spelled of ['%00', 'a%00b', '%1F', '%7F', '%C2%85']) {
        const path = template.replace(/\{[^}]+\}/g, spelled);
        const result = answered(await call(method, path));
        expect(result.status, `${method} ${path}`).not.toBe(500);
        expect(result, `${method} ${path}`).toEqual(unknown);
      }
    }
  });
});

describe('a control character in a query value', () => {
  it('is refused on every route with a 400 in the error shape, never 500', async () => {
    const queries = operations().flatMap(({ method, template, operation }) =>
      (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => ({ method, template, name: parameter.name })),
    );
    expect(queries.length).toBeGreaterThan(15);
    for (const { method, template, name } of queries) {
      const base = template.replace(/\{([^}]+)\}/g, (_, parameter: string) => known[parameter] ?? 'zz_unknown');
      for (const spelled of ['%00', 'abc%00', '%08', '%7F', '%C2%9F']) {
        const path = `${base}?${name}=${spelled}`;
        const result = await call(method, path);
        expect(result.status, `${method} ${path}`).toBe(400);
        expect(Object.keys(result.body ?? {}), `${method} ${path}`).toEqual(['error']);
      }
    }
  });

  it('leaves tabs and line breaks to the route, which judges them as any other text', async () => {
    const result = await call('GET', `/api/v1/leagues/${known.id}/leaderboard?limit=%0A5`);
    // a limit is a number: the route's own refusal, not the control check's
    expect(answered(result)).toEqual({ status: 400, body: { error: 'INVALID_REQUEST' } });
  });
});
