/** Runs a program to its end, as a shell would, and keeps what it printed. */
import { spawn } from 'node:child_process';

export interface CapturedRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface CapturedRunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** killed past this (status null), so a hung program fails its test instead of outliving it */
  timeoutMs?: number;
}

export function capturedRun(command: string, args: readonly string[], options: CapturedRunOptions): Promise<CapturedRun> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = options.timeoutMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}
