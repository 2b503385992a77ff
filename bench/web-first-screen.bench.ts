/**
 * The web app's first screen, against the built binary, in headless chromium:
 *   - the compressed JavaScript and CSS bytes a new visitor downloads (goal: under 60 KB);
 *   - the time from navigation to the visible sign-in form, cold and with a warm cache,
 *     beside a baseline measured in the same run: a bare node:http server sending one
 *     static HTML page with a heading (what no app could beat on this machine).
 * Needs `npm run build` first and /usr/bin/chromium.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { freePort } from '../test/support/free-port';

const binary = path.resolve('dist/fantasy');
const RUNS = 9;
const GOAL_BYTES = 60 * 1024;


const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (xs: number[]) => `${median(xs).toFixed(0)} ms  [${xs.map((x) => x.toFixed(0)).join(', ')}]`;

/** Navigation to `url` until the heading is visible; cold = a fresh context (empty cache). */
async function timeToHeading(browser: Browser, url: string, heading: string, warm: boolean): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  if (warm) {
    await page.goto(url);
    await page.getByRole('heading', { name: heading }).waitFor();
  }
  const started = performance.now();
  await page.goto(url);
  await page.getByRole('heading', { name: heading }).waitFor();
  const elapsed = performance.now() - started;
  await context.close();
  return elapsed;
}

if (!fs.existsSync(binary)) {
  console.error('dist/fantasy is missing: run `npm run build` first');
  process.exit(1);
}

const port = await freePort();
const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-bench-web-'));
const base = `http://127.0.0.1:${port}`;
const service = spawn(binary, ['serve', '--port', String(port)], {
  cwd,
  stdio: 'ignore',
  env: { PATH: process.env.PATH, FANTASY_SCHEDULER: 'false', FANTASY_FRONTEND_URL: base },
});
for (let tries = 0; ; tries++) {
  try {
    if ((await fetch(`${base}/`)).ok) break;
  } catch {
    // not listening yet
  }
  if (tries > 2000) throw new Error('the service did not start');
  await new Promise((r) => setTimeout(r, 10));
}

const baselineHtml = Buffer.from(
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baseline</title></head><body><h1>Sign in</h1></body></html>',
);
const baseline = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': baselineHtml.length });
  res.end(baselineHtml);
});
await new Promise<void>((resolve) => baseline.listen(0, '127.0.0.1', resolve));
const baselineUrl = `http://127.0.0.1:${(baseline.address() as net.AddressInfo).port}/`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
});
try {
  // Bytes: what chromium received for the first screen's script and stylesheet, as sent.
  const context = await browser.newContext();
  const page = await context.newPage();
  const sizes: { url: string; type: string; bytes: number; encoding: string }[] = [];
  page.on('requestfinished', async (request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const response = await request.response();
    const { responseBodySize } = await request.sizes();
    sizes.push({ url: request.url(), type, bytes: responseBodySize, encoding: (await response?.headerValue('content-encoding')) ?? 'identity' });
  });
  await page.goto(`${base}/`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.waitForLoadState('networkidle');
  await context.close();
  const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
  for (const s of sizes) console.log(`  ${s.type.padEnd(10)} ${(s.bytes / 1024).toFixed(1).padStart(6)} KB  ${s.encoding}  ${new URL(s.url).pathname}`);
  console.log(`first screen JS + CSS over the wire: ${(total / 1024).toFixed(1)} KB (goal < ${GOAL_BYTES / 1024} KB: ${total < GOAL_BYTES ? 'met' : 'MISSED'})`);

  const cold: number[] = [];
  const warm: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    bare.push(await timeToHeading(browser, baselineUrl, 'Sign in', false));
    cold.push(await timeToHeading(browser, `${base}/`, 'Sign in', false));
    warm.push(await timeToHeading(browser, `${base}/`, 'Sign in', true));
  }
  console.log(`baseline: bare static page from node:http, to visible heading (median of ${RUNS}): ${ms(bare)}`);
  console.log(`app, cold cache, to visible sign-in form (median of ${RUNS}):                ${ms(cold)}`);
  console.log(`app, warm cache, to visible sign-in form (median of ${RUNS}):                ${ms(warm)}`);
} finally {
  await browser.close();
  baseline.close();
  service.kill('SIGTERM');
  await new Promise((r) => service.on('exit', r));
  fs.rmSync(cwd, { recursive: true, force: true });
}
