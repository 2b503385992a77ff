/**
 * Cold start of the single executable: spawn `dist/fantasy serve` in an empty folder
 * (fresh database, migrations applied) and time the first 200 on GET /; then the binary's
 * size and the server's resident memory after it has idled. Needs `npm run build` first.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const binary = path.resolve('dist/fantasy');
const RUNS = 5;

function rssKiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
}

async function once(): Promise<{ ms: number; rss: number }> {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-bench-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const started = performance.now();
  const child = spawn(binary, ['serve', '--port', String(port)], { cwd, stdio: 'ignore', env: { PATH: process.env.PATH } });
  let ms = NaN;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      if (res.status === 200) {
        ms = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
    if (performance.now() - started > 20_000) throw new Error('server did not start');
  }
  await new Promise((r) => setTimeout(r, 2000));
  const rss = rssKiB(child.pid!);
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
  fs.rmSync(cwd, { recursive: true, force: true });
  return { ms, rss };
}

if (!fs.existsSync(binary)) {
  console.error('dist/fantasy is missing: run `npm run build` first');
  process.exit(1);
}
const results = [];
for (let i = 0; i < RUNS; i++) results.push(await once());
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`binary size: ${(fs.statSync(binary).size / 1048576).toFixed(1)} MiB`);
console.log(`cold start to first 200 on GET / (median of ${RUNS}): ${median(results.map((r) => r.ms)).toFixed(0)} ms  [${results.map((r) => r.ms.toFixed(0)).join(', ')}]`);
console.log(`idle RSS after 2 s (median): ${(median(results.map((r) => r.rss)) / 1024).toFixed(1)} MiB`);
