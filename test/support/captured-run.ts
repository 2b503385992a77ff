/** Runs a program to its end, as a shell would, and keeps what it printed. */
import { spawn } from 'node:child_process';

export interface CapturedRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function capturedRun(command: string, args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<CapturedRun> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
}
