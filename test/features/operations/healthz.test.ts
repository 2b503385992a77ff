/** `GET /healthz`: what a load balancer or a container's health check asks, without a session. */
import { afterEach, describe, expect, it } from 'vitest';
import { closeStore } from '../../../src/platform/db/database';
import { createTestApp, type TestApp } from '../../support/app';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close().catch(() => {});
  app = undefined;
});

describe('GET /healthz', () => {
  it('answers 200 ok without a session while the database answers', async () => {
    app = await createTestApp();
    const result = await app.call('GET', '/healthz');
    expect({ status: result.status, body: result.body, cache: result.headers.get('cache-control') }).toEqual({ status: 200, body: { status: 'ok' }, cache: 'no-store' });
  });

  it('answers 503 DATABASE_UNAVAILABLE once the database no longer answers', async () => {
    app = await createTestApp();
    // the database goes away under the running service: SQLite's connections closed, PostgreSQL's pool ended
    await closeStore(app.ctx.db);
    const result = await app.call('GET', '/healthz');
    expect({ status: result.status, body: result.body, retryAfter: result.headers.get('retry-after') }).toEqual({
      status: 503,
      body: { error: 'DATABASE_UNAVAILABLE' },
      retryAfter: '5',
    });
    // and the process keeps answering: the next check is refused the same way, not dropped
    const again = await app.call('GET', '/healthz');
    expect({ status: again.status, body: again.body }).toEqual({ status: 503, body: { error: 'DATABASE_UNAVAILABLE' } });
  });
});
