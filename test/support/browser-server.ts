/**
 * Vitest global setup: one Chromium for the whole run, which every browser test file connects
 * to (test/browser/harness.ts) instead of launching its own; each player still gets a fresh
 * context of its own, and a file's `browser.close()` only drops its connection and contexts.
 * Both projects inherit this setup; the first to set up starts the browser, and the workers
 * read where it listens through `inject`.
 */
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_LAUNCH } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the run's Chromium, for `chromium.connect` */
    browserEndpoint: string;
  }
}

/** set while the run's browser is up */
const ENDPOINT = 'FANTASY_TEST_BROWSER_ENDPOINT';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const running = process.env[ENDPOINT];
  if (running !== undefined) {
    project.provide('browserEndpoint', running);
    return async () => {};
  }
  const server = await chromium.launchServer(CHROMIUM_LAUNCH);
  process.env[ENDPOINT] = server.wsEndpoint();
  project.provide('browserEndpoint', server.wsEndpoint());
  return async () => {
    delete process.env[ENDPOINT];
    await server.close();
  };
}
