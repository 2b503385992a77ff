/**
 * A loopback Wikimedia for tests (external-apis §7). One node:http server carries all
 * three hosts, told apart by path prefix since subdomains are not available:
 *   {origin}/metrics/pageviews/...        AQS (metricsUrl = {origin}/metrics)
 *   {origin}/wiki-sites/{domain}/w/api.php an edition's Action API (siteUrl template)
 *   {origin}/meta/w/api.php               meta's Action API (metaUrl = {origin}/meta)
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleMetaAction, handleSiteAction, classifyAction, type ActionApiLimits } from './action-api-routes';
import { FakeEncyclopediaData, type FakeEncyclopediaDataOptions } from './fake-data';
import { FakeFaults, type FakeEncyclopediaRoute } from './fake-faults';
import { jsonResponse, type FakeResponse } from './fake-response';
import { classifyMetricsPath, handleMetrics } from './metrics-routes';
import { refill, rewindable } from '../rewind';
import { handleSearch, handleSummary } from './rest-routes';

export interface FakeEncyclopediaOptions extends FakeEncyclopediaDataOptions, Partial<ActionApiLimits> {}

export interface FakeEncyclopediaRequest {
  method: string;
  /** path and query as received (still percent-encoded) */
  url: string;
  path: string;
  route: FakeEncyclopediaRoute | 'unknown';
  /** the edition named by the URL; `meta` for sitematrix */
  domain?: string;
  /** query parameters (and form fields of a POST), last value wins */
  params: Record<string, string>;
  /** lower-cased header names */
  headers: http.IncomingHttpHeaders;
  /** the status answered; undefined while in flight or when the connection was dropped */
  status?: number;
}

export interface FakeEncyclopedia {
  /** `{origin}/metrics`: `encyclopedia.metricsUrl` */
  metricsUrl: string;
  /** `{origin}/wiki-sites/{domain}`: `encyclopedia.siteUrl` */
  siteUrl: string;
  /** `{origin}/meta`: `encyclopedia.metaUrl` */
  metaUrl: string;
  data: FakeEncyclopediaData;
  faults: FakeFaults;
  /** every request received, in arrival order */
  requests: FakeEncyclopediaRequest[];
  /** the most requests ever in flight at once since start (or the last `resetCounters`) */
  readonly peakInFlight: number;
  readonly inFlight: number;
  /** empties `requests` and sets the peak back to the current in-flight count */
  resetCounters(): void;
  close(): Promise<void>;
}

/** Wikimedia refuses clients that do not say who to contact (external-apis §1.2). */
function hasContact(userAgent: string | undefined): boolean {
  return !!userAgent && (userAgent.includes('@') || userAgent.includes('http'));
}

export async function startFakeEncyclopedia(options: FakeEncyclopediaOptions = {}): Promise<FakeEncyclopedia> {
  const data = new FakeEncyclopediaData(options);
  const faults = new FakeFaults();
  const limits: ActionApiLimits = {
    linkPageSize: options.linkPageSize ?? 3,
    sitematrixPageSize: options.sitematrixPageSize ?? 4,
  };
  const requests: FakeEncyclopediaRequest[] = [];
  /** set once listening; routes build redirect locations from it */
  let origin = '';
  const timers = new Set<NodeJS.Timeout>();
  let inFlight = 0;
  let peakInFlight = 0;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const server = http.createServer((req, res) => {
    inFlight++;
    peakInFlight = Math.max(peakInFlight, inFlight);
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        inFlight--;
      }
    };
    res.on('close', finish);
    res.on('error', () => undefined);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void serve(req, res, Buffer.concat(chunks).toString('utf8')).catch((error: unknown) => {
        if (!res.headersSent && !res.destroyed) {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(`fake encyclopedia crashed: ${String(error)}`);
        }
      });
    });
  });

  async function serve(req: http.IncomingMessage, res: http.ServerResponse, body: string): Promise<void> {
    const raw = req.url ?? '/';
    const url = new URL(raw, 'http://fake.invalid');
    const params = new URLSearchParams(url.search);
    if (req.method === 'POST' && (req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) {
      for (const [k, v] of new URLSearchParams(body)) params.set(k, v);
    }
    // raw segments: a title's %2F must stay inside its segment
    const segments = raw.split('?')[0].split('/').filter((s) => s !== '');
    const { route, domain, handle } = routeOf(segments, params, url.pathname);
    const record: FakeEncyclopediaRequest = {
      method: req.method ?? 'GET',
      url: raw,
      path: url.pathname,
      route,
      domain,
      params: Object.fromEntries(params),
      headers: { ...req.headers },
    };
    requests.push(record);

    const send = (response: FakeResponse) => {
      if (res.destroyed) return;
      record.status = response.status;
      const payload = response.json !== undefined ? JSON.stringify(response.json) : (response.text ?? '');
      res.writeHead(response.status, {
        'content-type': 'application/json; charset=utf-8',
        ...response.headers,
        'content-length': Buffer.byteLength(payload),
      });
      res.end(payload);
    };

    if (!hasContact(req.headers['user-agent'])) {
      return send({
        status: 403,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        text: 'Please set a user-agent and respect our robot policy https://w.wiki/4wJS. See also https://phabricator.wikimedia.org/T400119.\n',
      });
    }
    if (route !== 'unknown') {
      for (const fault of faults.take(route, domain)) {
        if (fault.kind === 'delay') {
          await wait(fault.ms);
          if (res.destroyed) return;
          continue;
        }
        if (fault.kind === 'reset') {
          req.socket.destroy();
          return;
        }
        if (fault.kind === 'body') return send(jsonResponse(fault.body));
        const headers: Record<string, string> = fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {};
        return send({ status: fault.status, headers: { 'content-type': 'text/plain', ...headers }, text: `injected ${fault.status}` });
      }
    }
    send(handle());
  }

  function routeOf(
    segments: string[],
    params: URLSearchParams,
    path: string,
  ): { route: FakeEncyclopediaRequest['route']; domain?: string; handle: () => FakeResponse } {
    const notFound = () => ({ status: 404, headers: { 'content-type': 'text/html' }, text: '<!DOCTYPE html><title>Not Found</title>' });
    if (segments[0] === 'metrics' && segments[1] === 'pageviews') {
      const rest = segments.slice(2);
      const kind = classifyMetricsPath(rest);
      return { route: kind?.route ?? 'unknown', domain: kind?.domain, handle: () => handleMetrics(rest, path, data) };
    }
    if (segments[0] === 'wiki-sites' && segments.length === 4 && segments[2] === 'w' && segments[3] === 'api.php') {
      const domain = decodeURIComponent(segments[1]);
      return {
        route: classifyAction(params),
        domain,
        handle: () => handleSiteAction(domain, params, data, limits) ?? notFound(),
      };
    }
    if (segments[0] === 'wiki-sites' && segments.length === 7 && segments.slice(2, 6).join('/') === 'api/rest_v1/page/summary') {
      const domain = decodeURIComponent(segments[1]);
      return { route: 'summary', domain, handle: () => handleSummary(domain, segments[6], `${origin}/wiki-sites/${segments[1]}`, data) };
    }
    if (segments[0] === 'wiki-sites' && segments.slice(2).join('/') === 'w/rest.php/v1/search/page') {
      const domain = decodeURIComponent(segments[1]);
      return { route: 'search', domain, handle: () => handleSearch(domain, params, data) };
    }
    if (segments[0] === 'meta' && segments[1] === 'w' && segments[2] === 'api.php' && segments.length === 3) {
      return { route: classifyAction(params), domain: 'meta', handle: () => handleMetaAction(params, data, limits) };
    }
    return { route: 'unknown', handle: notFound };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let restore: (() => void)[] = [];
  let savedRequests: FakeEncyclopediaRequest[] = [];
  return rewindable({
    metricsUrl: `${origin}/metrics`,
    siteUrl: `${origin}/wiki-sites/{domain}`,
    metaUrl: `${origin}/meta`,
    data,
    faults,
    requests,
    get peakInFlight() {
      return peakInFlight;
    },
    get inFlight() {
      return inFlight;
    },
    resetCounters() {
      requests.length = 0;
      peakInFlight = inFlight;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  }, {
    checkpoint() {
      restore = [data.snapshot(), faults.snapshot()];
      savedRequests = structuredClone(requests);
    },
    rewind() {
      for (const put of restore) put();
      refill(requests, savedRequests);
      peakInFlight = inFlight;
    },
  });
}
