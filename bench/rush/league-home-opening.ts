/**
 * A player opening the league home from the morning's push, as the app does it in a browser
 * (web/screens/league-home.tsx, web/app.tsx, web/state.ts): the navigation fetches the shell
 * (its hashed scripts and stylesheet are already in the browser's cache), then the screen
 * asks for the league home's one answer and the player, the session is checked beside them, and the browser checks its service worker for an update; the in-box
 * badge is asked for a second after the session answers. Every fifth player goes on to the
 * market. One browser holds at most six connections to the origin, kept alive, and sends
 * `If-None-Match` with the tag it kept for an address (the app's fetches use the default
 * cache mode, so the browser revalidates whatever came with an ETag).
 */
import http from 'node:http';
import type { Outcome, PhaseTally } from './tally';

export interface RequestKind {
  name: string;
  path(leagueId: string): string;
  accept: 'html' | 'json' | 'script';
}

const league = (id: string) => `/api/v1/leagues/${encodeURIComponent(id)}`;

export const DOCUMENT: RequestKind = { name: 'document', path: (id) => `/leagues/${encodeURIComponent(id)}`, accept: 'html' };

/** loadLeague's reads: the league home's one answer, and the player; the screen is drawn when both have answered. */
export const SCREEN_READS: readonly RequestKind[] = [
  { name: 'league home', path: (id) => `${league(id)}/home`, accept: 'json' },
  { name: 'player', path: () => '/api/v1/player', accept: 'json' },
];

/** What loadLeague asked for before the league home was one answer, for a known member; measured beside it with RUSH_NINE_READS. */
export const NINE_READS: readonly RequestKind[] = [
  { name: 'league', path: (id) => league(id), accept: 'json' },
  { name: 'my-role', path: (id) => `${league(id)}/my-role`, accept: 'json' },
  { name: 'top ten', path: (id) => `${league(id)}/leaderboard?limit=10&offset=0`, accept: 'json' },
  SCREEN_READS[1]!,
  { name: 'around=me', path: (id) => `${league(id)}/leaderboard?around=me&limit=5`, accept: 'json' },
  { name: 'my-performances', path: (id) => `${league(id)}/my-performances?limit=400`, accept: 'json' },
  { name: 'my-contracts', path: (id) => `${league(id)}/my-contracts`, accept: 'json' },
  { name: 'line-up', path: (id) => `${league(id)}/lineup`, accept: 'json' },
  { name: 'activity', path: (id) => `${league(id)}/activity?limit=5`, accept: 'json' },
];

/** Asked beside the screen's reads; the screen does not wait for them. */
const SESSION: RequestKind = { name: 'session', path: () => '/api/v1/session', accept: 'json' };
const WORKER: RequestKind = { name: 'sw.js', path: () => '/sw.js', accept: 'script' };
const NOTIFICATIONS: RequestKind = { name: 'notifications', path: () => '/api/v1/player/notifications', accept: 'json' };
/** The market screen's two reads (web/screens/market.tsx). */
export const MARKET_READS: readonly RequestKind[] = [
  { name: 'market', path: (id) => `${league(id)}/market`, accept: 'json' },
  { name: 'my-team', path: (id) => `${league(id)}/my-team`, accept: 'json' },
];

/** Every kind, in the order the tables print them. */
export const REQUEST_KINDS: readonly RequestKind[] = [DOCUMENT, ...SCREEN_READS, ...NINE_READS.filter((kind) => !SCREEN_READS.includes(kind)), SESSION, WORKER, NOTIFICATIONS, ...MARKET_READS];

/** app.tsx asks for the in-box badge this long after the session answered. */
const BADGE_DELAY_MS = 1_000;
/** a player looks at the standings this long before tapping Market */
const LOOK_MS = 2_000;
/** a browser's connections to one origin over HTTP/1.1 */
const CONNECTIONS = 6;
/** a request with no byte moving for this long is given up */
const IDLE_TIMEOUT_MS = 60_000;

export interface RushPlayer {
  /** position in the Global League's table of players */
  index: number;
  cookie: string;
  /** the league whose push the player tapped */
  leagueId: string;
  toMarket: boolean;
  /** the browser's cache: address to the ETag kept with its answer */
  tags: Map<string, string>;
}

export interface Service {
  host: string;
  port: number;
}

const ACCEPT = {
  html: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  json: 'application/json',
  script: '*/*',
} as const;
const USER_AGENT = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

/** One player's browser: its connections, its cookie and its cache. */
export class Browser {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

  constructor(
    private readonly service: Service,
    private readonly player: RushPlayer,
    private readonly tally: PhaseTally | null,
    /** the floor: every request is `GET /` of the same service, with the same headers */
    private readonly floor = false,
  ) {}

  /** Requests `kind` and records it; the time runs from the connection given to it to the last byte. */
  get(kind: RequestKind, leagueId = this.player.leagueId): Promise<Outcome & { tag?: string }> {
    const path = this.floor ? '/' : kind.path(leagueId);
    const headers: Record<string, string> = {
      accept: ACCEPT[this.floor ? 'json' : kind.accept],
      'accept-encoding': 'gzip, deflate, br, zstd',
      'accept-language': 'en-GB,en;q=0.9',
      'user-agent': USER_AGENT,
      cookie: this.player.cookie,
    };
    if (kind.accept === 'script' && !this.floor) headers['service-worker'] = 'script';
    const kept = this.floor ? undefined : this.player.tags.get(path);
    if (kept) headers['if-none-match'] = kept;
    return new Promise((resolve) => {
      let settled = false;
      const settle = (outcome: Outcome & { tag?: string }) => {
        if (settled) return;
        settled = true;
        this.tally?.kind(kind.name).record(outcome);
        resolve(outcome);
      };
      const attempt = (retry: boolean) => {
        let started = performance.now();
        const request = http.request({ host: this.service.host, port: this.service.port, path, headers, agent: this.agent }, (response) => {
          let bytes = 0;
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.once('error', (error: NodeJS.ErrnoException) => settle({ kind: 'failed', reason: error.code ?? error.message }));
          response.once('end', () => {
            if (this.tally) this.tally.bytes += bytes;
            const ms = performance.now() - started;
            const status = response.statusCode ?? 0;
            const tag = typeof response.headers.etag === 'string' ? response.headers.etag : undefined;
            if (tag && !this.floor) this.player.tags.set(path, tag);
            if ((status >= 200 && status < 300) || status === 304) settle({ kind: 'answered', ms, status, tag });
            else if (status === 503 && response.headers['retry-after'] !== undefined) settle({ kind: 'shed', ms });
            else settle({ kind: 'failed', reason: `HTTP ${status}`, ms });
          });
        });
        request.once('socket', () => (started = performance.now()));
        request.setTimeout(IDLE_TIMEOUT_MS, () => request.destroy(Object.assign(new Error('timed out'), { code: 'TIMEOUT' })));
        request.once('error', (error: NodeJS.ErrnoException) => {
          // A kept-alive connection the server closed as this request went out: a browser
          // sends such a request again on a new connection, once, and so does this one.
          if (retry && request.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) attempt(false);
          else settle({ kind: 'failed', reason: error.code ?? error.message });
        });
        request.end();
      };
      attempt(true);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const reasonOf = (outcome: Outcome) => (outcome.kind === 'shed' ? 'shed' : outcome.kind === 'failed' ? outcome.reason : '');

/**
 * One player's opening, recorded in `tally`: each request by kind, and the screen's time from
 * the navigation to the last read the standings need (or why it was not drawn). Answers when
 * everything the player's browser asked for has answered and its connections are closed.
 */
export async function openLeagueHome(service: Service, player: RushPlayer, tally: PhaseTally, floor = false, screenReads = SCREEN_READS): Promise<void> {
  const browser = new Browser(service, player, tally, floor);
  try {
    const navigated = performance.now();
    const shell = await browser.get(DOCUMENT);
    if (shell.kind !== 'answered') {
      tally.notDrawn(reasonOf(shell));
      return;
    }
    const reads = Promise.all(screenReads.map((kind) => browser.get(kind)));
    const beside = Promise.all([
      browser.get(SESSION).then(async (session) => {
        if (session.kind !== 'answered') return;
        await sleep(BADGE_DELAY_MS);
        await browser.get(NOTIFICATIONS);
      }),
      browser.get(WORKER),
    ]);
    const answers = await reads;
    const missing = answers.find((answer) => answer.kind !== 'answered');
    if (missing) tally.notDrawn(reasonOf(missing));
    else tally.screens.push(performance.now() - navigated);
    if (!missing && player.toMarket) {
      await sleep(LOOK_MS);
      await Promise.all(MARKET_READS.map((kind) => browser.get(kind)));
    }
    await beside;
  } finally {
    browser.close();
  }
}

/**
 * The kinds whose answers carry an ETag for this player's league, found by opening the league
 * home once (nothing recorded): those are the addresses a browser revalidates.
 */
const SETUP_RETRIES = 10;

export async function taggedKinds(service: Service, player: RushPlayer): Promise<RequestKind[]> {
  const browser = new Browser(service, { ...player, tags: new Map() }, null);
  try {
    const tagged: RequestKind[] = [];
    for (const kind of REQUEST_KINDS) {
      let answer = await browser.get(kind);
      // a service just started on a busy machine may shed its first requests: ask again, as the app does
      for (let retry = 0; answer.kind === 'shed' && retry < SETUP_RETRIES; retry++) {
        await sleep(1_000);
        answer = await browser.get(kind);
      }
      if (answer.kind !== 'answered') throw new Error(`${kind.name} of ${player.leagueId} answered ${reasonOf(answer)} before the rush`);
      if (answer.tag) tagged.push(kind);
    }
    return tagged;
  } finally {
    browser.close();
  }
}
