/**
 * The OpenAPI document: served without a session, printed by `fantasy openapi`, and exactly
 * the routes the app mounts for the same configuration (nothing served undocumented, nothing
 * documented that is not served).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, openApiPath } from '../../../src/platform/http/app';
import { createTestApp, type TestApp } from '../../support/app';
import { runCliCaptured } from '../../support/cli';

const opened: TestApp[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
});

async function appWith(config: Parameters<typeof createTestApp>[0] = {}) {
  const app = await createTestApp(config);
  opened.push(app);
  return app;
}

type Document = { openapi: string; paths: Record<string, Record<string, { operationId: string; 'x-aliases'?: string[] }>> };

function documented(document: Document): string[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) =>
      [path, ...(operation['x-aliases'] ?? [])].map((template) => `${method.toUpperCase()} ${template}`),
    ),
  );
}

function mounted(app: TestApp): string[] {
  return createApp(app.ctx).routes.map((route) => `${route.method} ${openApiPath(route.path)}`);
}

describe('GET /openapi.json', () => {
  it('answers the OpenAPI 3.1 document without a session', async () => {
    const app = await appWith();
    const result = await app.call('GET', '/openapi.json');
    expect(result.status).toBe(200);
    expect(result.body.openapi).toBe('3.1.0');
    expect(result.body.paths['/api/v1/leagues/{id}/my-contracts'].post.operationId).toBe('buyContract');
  });

  it.each([
    ['the test deployment', {}],
    ['password sign-in off, metrics behind a token', { config: { passwordSignIn: false, metrics: { token: 'metrics-token-0123456789' } } }],
  ] as const)('documents exactly the routes mounted for %s', async (_name, options) => {
    const app = await appWith(options as never);
    const document = (await app.call('GET', '/openapi.json')).body as Document;
    expect(documented(document).sort()).toEqual(mounted(app).sort());
  });

  it('leaves out the password routes when password sign-in is off', async () => {
    const on = (await (await appWith()).call('GET', '/openapi.json')).body as Document;
    const off = (await (await appWith({ config: { passwordSignIn: false } })).call('GET', '/openapi.json')).body as Document;
    expect(on.paths['/auth/password/login']).toBeDefined();
    expect(off.paths['/auth/password/login']).toBeUndefined();
  });

  it('gives every operation a unique id and every JSON answer a schema', async () => {
    const document = (await (await appWith()).call('GET', '/openapi.json')).body as Document;
    const ids = Object.values(document.paths).flatMap((operations) => Object.values(operations).map((operation) => operation.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('fantasy openapi', () => {
  it('prints the document the service serves', async () => {
    const app = await appWith();
    const printed = await runCliCaptured(['openapi']);
    expect(printed.code).toBe(0);
    const document = JSON.parse(printed.stdout) as Document;
    expect(document.openapi).toBe('3.1.0');
    const served = (await app.call('GET', '/openapi.json')).body as Document;
    // the same routes and operations; the CLI reads the default configuration, the test app its own
    expect(document.paths['/openapi.json'].get.operationId).toBe('getOpenApiDocument');
    expect(Object.keys(document.paths['/api/v1/leagues/{id}/my-contracts'])).toEqual(Object.keys(served.paths['/api/v1/leagues/{id}/my-contracts']));
  });
});
