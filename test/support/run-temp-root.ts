/**
 * Vitest global setup: every temporary file of a test run (databases, configs, the binary's
 * extracted addon, CLI working folders) goes under one folder made for the run, through
 * TMPDIR, which the test workers and every process they spawn inherit. Teardown removes the
 * folder whole, so a run leaves nothing behind however a test ends.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** set while a run's folder is in place: every vitest project inherits this setup, and one folder serves them all */
const RUN_ROOT = 'FANTASY_TEST_RUN_ROOT';

export default function setup(): () => void {
  // a folder inside a folder inside a folder made socket paths (chromium's, PostgreSQL's) too long
  if (process.env[RUN_ROOT] !== undefined) return () => {};
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-tests-'));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = root;
  process.env[RUN_ROOT] = root;
  return () => {
    delete process.env[RUN_ROOT];
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    fs.rmSync(root, { recursive: true, force: true });
  };
}
