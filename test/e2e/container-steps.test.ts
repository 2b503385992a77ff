/**
 * The Dockerfile's steps without a container engine (deploy/container-steps.sh): the built
 * binary staged as the image lays it out, run as the image's non-root user with only the
 * image's environment, answering the image's HEALTHCHECK, its database in the volume.
 * SQLite only: what it checks is the image's default store, the SQLite file in its volume.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { capturedRun } from '../support/captured-run';

const root = path.resolve(__dirname, '../..');

// Awaited, not spawnSync, so the worker's event loop keeps answering vitest while the steps run.
it('the image runs as a non-root user, keeps its data in the volume and passes its health check', async () => {
  const steps = await capturedRun('bash', [path.join(root, 'deploy/container-steps.sh'), '--reuse-build'], { cwd: root, env: process.env, timeoutMs: 90_000 });
  expect(steps.stderr).toBe('');
  expect(steps.status).toBe(0);
  expect(steps.stdout).toMatch(/^container-steps: run: serve as uid 10001 on port \d+ \(image port: 8787\)$/m);
  expect(steps.stdout).toContain('container-steps: check: HEALTHCHECK answered {"status":"ok"}');
  expect(steps.stdout).toContain('container-steps: check: the database is in the volume, owned by uid 10001; SIGTERM stopped it with exit 0');
}, 120_000);
