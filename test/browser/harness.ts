/**
 * Browser tests of the built binary: dist/fantasy serves the app against the loopback
 * encyclopedia fake, and Debian's Chromium (driven by playwright-core) plays it. Each screen
 * is checked with axe-core at phone and desktop sizes and saved as a screenshot; every
 * request must stay on the service's origin and the console must stay clean.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { capturedRun } from '../support/captured-run';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, onTestFailed } from 'vitest';
import { utcDay } from '../../src/domain/dates';
import { startFakeEncyclopedia, type FakeEncyclopedia } from '../fakes/encyclopedia';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../fakes/identity-provider';
import { startFakeIssueTracker, type FakeIssueTracker } from '../fakes/issue-tracker';
import { startFakeLanguageModel, type FakeLanguageModel } from '../fakes/language-model';
import { freePort } from '../support/free-port';

const requireHere = createRequire(import.meta.url);
const binary = path.resolve(__dirname, '../../dist/fantasy');
export const screenshotDir = path.resolve(__dirname, '../../screenshots');
const axeSource = fs.readFileSync(requireHere.resolve('axe-core/axe.min.js'), 'utf8');

export const SIZES = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

type Size = (typeof SIZES)[number];

/**
 * What decides axe's answer for a page besides the viewport: its address, its colour scheme and
 * its markup (hashed in the page, so the markup does not cross the wire). A string, not a
 * function: this file is type-checked without the DOM library.
 */
const PAGE_STATE = `(() => {
  const markup = document.documentElement.outerHTML;
  let hash = 2166136261;
  for (let i = 0; i < markup.length; i++) hash = Math.imul(hash ^ markup.charCodeAt(i), 16777619);
  return [location.href, matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light', markup.length, hash >>> 0].join(' ');
})()`;

/** page states axe has passed, for every player of this worker (each file's service has its own origin) */
const checkedStates = new Set<string>();

/** Runs axe on the page as it stands; fails on serious or critical issues. */
async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  // Evaluated through the debugger, not as a <script> tag: the page's CSP (rightly) refuses
  // inline scripts, and that refusal would itself be a console error. The report leaves out
  // each node's markup, which nothing here reads.
  if (!(await page.evaluate("'axe' in window"))) await page.evaluate(`${axeSource}\naxe.configure({ noHtml: true });`);
  const violations = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) =>
    r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) })))`)) as {
    id: string;
    impact: string;
    targets: string[];
  }[];
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, where).toEqual([]);
}

export const SERVICE_TOKEN = 'browser-service-token';
export const today = utcDay(new Date());

export interface Service {
  base: string;
  fake: FakeEncyclopedia;
  /** the loopback model, when started with `{ genie: true }` */
  model: FakeLanguageModel | null;
  /** the loopback issue tracker, when started with `{ reports: true }` */
  tracker: FakeIssueTracker | null;
  /** the loopback identity provider, when started with `{ identityProvider: true }` */
  identityProvider: FakeIdentityProvider | null;
  /** the binary's SQLite file, for a test that must move a date the binary has no clock to wind */
  databasePath: string;
  fantasy(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }>;
  /** sends `serve` a signal; resolves with its exit code once it has exited */
  signal(name: NodeJS.Signals): Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * Starts dist/fantasy in an empty folder, its frontend being its own loopback origin; with
 * `genie` and `reports` it is bound to the loopback model and issue tracker as well.
 */
export interface ServiceOptions {
  genie?: boolean;
  reports?: boolean;
  identityProvider?: boolean;
  env?: NodeJS.ProcessEnv;
  /** the file needs system notifications: full Chromium instead of its headless shell (see launchBrowser) */
  notifications?: boolean;
}

/**
 * The binary and Chromium for one file's tests: started together before them, each handed to
 * `ready` (which may seed the service), and both stopped after them. Options as a function are
 * read when the file starts, for a fake the file starts first.
 */
export function useServiceAndBrowser(options: ServiceOptions | (() => ServiceOptions), ready: (service: Service, browser: Browser) => void | Promise<void>): void {
  let service: Service | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const chosen = typeof options === 'function' ? options() : options;
    [service, browser] = await Promise.all([startService(chosen), workerBrowser(chosen.notifications ? 'full' : 'shell')]);
    await ready(service, browser);
  }, 60_000);
  afterAll(async () => {
    // the browser stays for the worker's next file; what this file's players opened does not
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
    await service?.stop();
  });
}

/**
 * One Chromium of each kind per test worker, shared by the files it runs one after another:
 * every player still gets a fresh context (cookies, storage, service workers), and the worker
 * does not pay a browser's start for each file. Playwright closes it when the worker exits.
 */
const workerBrowsers = new Map<ChromiumKind, Promise<Browser>>();

function workerBrowser(kind: ChromiumKind): Promise<Browser> {
  let launched = workerBrowsers.get(kind);
  if (!launched) {
    launched = launchBrowser(kind);
    workerBrowsers.set(kind, launched);
    launched.then(
      (browser) => browser.on('disconnected', () => workerBrowsers.delete(kind)),
      () => workerBrowsers.delete(kind),
    );
  }
  return launched;
}

export async function startService(options: ServiceOptions = {}): Promise<Service> {
  const fake = await startFakeEncyclopedia({ today, publishedThrough: today });
  const model = options.genie ? await startFakeLanguageModel() : null;
  const tracker = options.reports ? await startFakeIssueTracker() : null;
  const identityProvider = options.identityProvider ? await startFakeIdentityProvider() : null;
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-browser-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    FANTASY_ENCYCLOPEDIA_SITE_URL: fake.siteUrl,
    FANTASY_ENCYCLOPEDIA_METRICS_URL: fake.metricsUrl,
    FANTASY_ENCYCLOPEDIA_META_URL: fake.metaUrl,
    FANTASY_ENCYCLOPEDIA_USER_AGENT: 'FantasyBrowserTest/1.0 (ops@example.org)',
    FANTASY_SERVICE_TOKEN: SERVICE_TOKEN,
    FANTASY_SCHEDULER: 'false',
    FANTASY_FRONTEND_URL: base,
    ...(model ? { FANTASY_LLM_BASE_URL: model.url, FANTASY_LLM_MODEL: 'browser-test-model' } : {}),
    ...(tracker
      ? {
          FANTASY_ISSUE_TRACKER_API_URL: tracker.url,
          FANTASY_ISSUE_TRACKER_REPOSITORY: `${tracker.owner}/${tracker.repo}`,
          FANTASY_ISSUE_TRACKER_TOKEN: tracker.token,
        }
      : {}),
    ...(identityProvider
      ? {
          FANTASY_IDP_CLIENT_ID: identityProvider.clientId,
          FANTASY_IDP_CLIENT_SECRET: identityProvider.clientSecret,
          FANTASY_IDP_AUTHORIZE_URL: identityProvider.authorizeUrl,
          FANTASY_IDP_TOKEN_URL: identityProvider.tokenUrl,
          FANTASY_IDP_USERINFO_URL: identityProvider.userinfoUrl,
        }
      : {}),
    ...options.env,
  };
  const server: ChildProcess = spawn(binary, ['serve', '--port', String(port)], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  server.stdout!.on('data', (c) => (output += c));
  server.stderr!.on('data', (c) => (output += c));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (/listening on/.test(output)) {
        clearInterval(timer);
        resolve();
      } else if (server.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(output));
      }
    }, 20);
  });
  // Ready is when the app shell answers, not when the address is printed: a binary starting on
  // a busy machine may still be catching up (its start-up work makes its event loop late, and a
  // late loop sheds newcomers with 503), and a page that gets a 503 for its shell stays blank.
  const ready = Date.now() + 30_000;
  while ((await fetch(`${base}/signin`).then((r) => r.status, () => 0)) !== 200) {
    if (Date.now() > ready || server.exitCode !== null) throw new Error(`dist/fantasy did not answer its app shell: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const fantasy = (...args: string[]) => capturedRun(binary, args, { cwd, env });
  return {
    base,
    fake,
    model,
    tracker,
    identityProvider,
    databasePath: path.join(cwd, 'data', 'fantasy.db'),
    fantasy,
    signal(name) {
      const exited = new Promise<number | null>((resolve) => (server.exitCode !== null ? resolve(server.exitCode) : server.once('exit', (code) => resolve(code))));
      server.kill(name);
      return exited;
    },
    async stop() {
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((resolve) => server.on('exit', resolve));
      }
      await Promise.all([fake.close(), model?.close(), tracker?.close(), identityProvider?.close()]);
      fs.rmSync(cwd, { recursive: true, force: true });
    },
  };
}

/**
 * Debian's Chromium. Its headless shell (package chromium-headless-shell, the same Blink as
 * /usr/bin/chromium, and what Playwright itself runs for headless tests) draws pages with far
 * less CPU than the full browser's headless mode, and the browser's CPU is most of what these
 * tests cost a 2-core machine. It has no system notifications, so a file that switches them on
 * runs the full browser.
 */
type ChromiumKind = 'shell' | 'full';

function launchBrowser(kind: ChromiumKind): Promise<Browser> {
  return chromium.launch({
    executablePath: kind === 'shell' ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
}

export interface Player {
  context: BrowserContext;
  page: Page;
  /** requests to any origin but the service's */
  foreignRequests: string[];
  /** errors and warnings the page logged; a request the service shed as OVERLOADED is not one */
  readonly consoleErrors: string[];
  /** starts the console afresh, for a test that checks one step's lines */
  forgetConsole(): void;
  /** runs axe at both sizes and saves both screenshots; fails on serious or critical issues */
  screen(name: string): Promise<void>;
  /** `screen` in the light theme, then in the dark one a system setting asks for */
  screens(name: string): Promise<void>;
}

export async function newPlayer(browser: Browser, base: string, prefix: string): Promise<Player> {
  const context = await browser.newContext({
    viewport: { width: SIZES[0].width, height: SIZES[0].height },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  const foreignRequests: string[] = [];
  const logged: { line: string; url: string }[] = [];
  // requests the service turned away as OVERLOADED, by URL: on a saturated test machine its loop
  // can run a second late, and the app retries them (busy-server.test.ts checks what a player sees)
  const shed = new Map<string, number>();
  const origin = new URL(base).origin;
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith('data:') && new URL(url).origin !== origin) foreignRequests.push(url);
  });
  page.on('response', async (response) => {
    if (response.status() !== 503) return;
    const body = await response.text().catch(() => '');
    if (body.includes('"OVERLOADED"')) shed.set(response.url(), (shed.get(response.url()) ?? 0) + 1);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') logged.push({ line: `${message.type()}: ${message.text()}`, url: message.location().url });
  });
  page.on('pageerror', (error) => logged.push({ line: `pageerror: ${error.message}`, url: '' }));
  // A failed play-through leaves what the player saw and what the page logged beside the
  // screenshots, for a failure on a machine nobody is watching (CI).
  const keepWhatFailed = async () => {
    const stem = path.join(screenshotDir, `failed-${prefix}`);
    await page.screenshot({ path: `${stem}.png`, fullPage: true }).catch(() => {});
    const shedLines = [...shed].map(([url, times]) => `shed ${times}x: ${url}`);
    const report = [`${prefix} was at ${page.url()}`, ...logged.map(({ line }) => line), ...shedLines].join('\n');
    fs.writeFileSync(`${stem}.txt`, `${report}\n`);
    // CI keeps only what the run printed
    console.error(report);
  };
  try {
    onTestFailed(keepWhatFailed);
  } catch {
    // made in a beforeAll: no test is running to fail
  }
  /** what the app logged, less the browser's own line for each request the service shed */
  const consoleErrors = (): string[] => {
    const forgiven = new Map(shed);
    return logged
      .filter(({ line, url }) => {
        const left = forgiven.get(url) ?? 0;
        if (left === 0 || !/status of 503 \(Service Unavailable\)/.test(line)) return true;
        forgiven.set(url, left - 1);
        return false;
      })
      .map(({ line }) => line);
  };
  fs.mkdirSync(screenshotDir, { recursive: true });

  /**
   * Checks and saves the page as it stands at each size; axe runs at the sizes in `axeAt`,
   * unless this page already passed it in exactly this state (same address, theme, size and
   * markup), when a second run could only repeat the first one's answer.
   */
  async function check(name: string, axeAt: readonly Size['name'][]): Promise<void> {
    expect(await page.title(), `${name} has a title`).toMatch(/\S+ · Article Fantasy League$/);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      // No sideways scrolling on a phone: the page never overflows the viewport.
      const overflow = (await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')) as number;
      expect(overflow, `${name} at ${size.name} scrolls sideways`).toBeLessThanOrEqual(0);
      if (axeAt.includes(size.name)) {
        const state = `${size.name} ${(await page.evaluate(PAGE_STATE)) as string}`;
        if (!checkedStates.has(state)) {
          await expectNoSeriousViolations(page, `${name} at ${size.name}`);
          checkedStates.add(state);
        }
      }
      // The whole page, cut at two screens' height so a long shelf stays legible in a viewer.
      const height = Math.min((await page.evaluate('document.documentElement.scrollHeight')) as number, size.height * 2);
      await page.screenshot({
        path: path.join(screenshotDir, `${prefix}-${name}-${size.name}.png`),
        fullPage: true,
        clip: { x: 0, y: 0, width: size.width, height },
      });
    }
    await page.setViewportSize({ width: SIZES[0].width, height: SIZES[0].height });
  }

  const screen = (name: string) => check(name, ['phone', 'desktop']);

  async function screens(name: string): Promise<void> {
    await screen(name);
    await page.emulateMedia({ colorScheme: 'dark' });
    // The dark theme changes colours, not layout: its contrast is checked at phone size, where
    // the layout is tightest, and the light theme has just been checked at both sizes.
    await check(`${name}-dark`, ['phone']);
    await page.emulateMedia({ colorScheme: 'light' });
  }

  return {
    context,
    page,
    foreignRequests,
    get consoleErrors() {
      return consoleErrors();
    },
    forgetConsole: () => {
      logged.length = 0;
    },
    screen,
    screens,
  };
}

/** A new account through the sign-in form, as a visitor makes one; lands on the welcome. */
export async function registerThroughForm(player: Player, base: string, username: string): Promise<void> {
  const { page } = player;
  await page.goto(`${base}/signin`);
  await page.getByRole('button', { name: 'I am new here' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(`${username}-password`);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { level: 1, name: 'Welcome to the league' }).waitFor();
}

/** A write a test sets up through the page's own session, with the Origin a browser sends. */
export async function writeThroughPage(page: Page, base: string, method: 'POST' | 'PUT', path: string, data: unknown): Promise<Record<string, unknown>> {
  const response = await page.request.fetch(`${base}${path}`, { method, data, headers: { origin: base } });
  const body = (await response.json()) as Record<string, unknown>;
  expect(response.status(), JSON.stringify(body)).toBeLessThan(300);
  return body;
}
