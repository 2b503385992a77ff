/** Runs a `fantasy` verb in this process and captures what it prints. */
import { vi } from 'vitest';
import { runCli } from '../../cli/program';

export async function runCliCaptured(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
  try {
    return { code: await runCli(args), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}
