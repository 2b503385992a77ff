/** The one way this service talks HTTP to the outside: timeouts, bounded retries honouring Retry-After, and a typed failure. */
import { upstreamCalls } from './call-stats';
import { ConcurrencyLimiter } from './limiter';

export class UpstreamError extends Error {
  constructor(
    readonly upstream: string,
    /** 'status' = a non-2xx answer; 'network' = no answer; 'timeout'; 'invalid' = answer of the wrong shape */
    readonly kind: 'status' | 'network' | 'timeout' | 'invalid' | 'api',
    readonly status?: number,
    detail?: string,
  ) {
    super(`${upstream} ${kind}${status ? ` ${status}` : ''}${detail ? `: ${detail}` : ''}`);
    this.name = 'UpstreamError';
  }
}

export interface HttpRequest {
  method?: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  text: string;
}

export interface HttpClientOptions {
  name: string;
  timeoutMs: number;
  /** for 429, 5xx, network errors and timeouts */
  retries: number;
  /** doubles each attempt, plus up to 25 % jitter */
  baseDelayMs: number;
  /** a Retry-After longer than this is not waited for: the call fails instead */
  maxDelayMs: number;
  limiter?: ConcurrencyLimiter;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function retryAfterMs(headers: Headers): number | null {
  const value = headers.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(value);
  // An HTTP-date is wall-clock time: never compared with the injected game clock, which tests and `settle --at` move.
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : null;
}

export class HttpClient {
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(readonly options: HttpClientOptions) {
    this.sleep = options.sleep ?? defaultSleep;
  }

  /** 404 is data to many callers; throws only when no usable answer came, or 429/5xx outlasted the retries. */
  async send(request: HttpRequest): Promise<HttpResponse> {
    const { name, retries, baseDelayMs, maxDelayMs } = this.options;
    upstreamCalls.called(name);
    let lastError: UpstreamError | null = null;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) upstreamCalls.retried(name);
      let waitMs = baseDelayMs * 2 ** attempt * (1 + Math.random() * 0.25);
      try {
        const response = await this.once(request);
        if (response.status !== 429 && response.status < 500) return response;
        lastError = new UpstreamError(this.options.name, 'status', response.status);
        const hinted = retryAfterMs(response.headers);
        if (hinted !== null) waitMs = Math.max(hinted, waitMs / 4);
      } catch (error) {
        lastError = error instanceof UpstreamError ? error : new UpstreamError(this.options.name, 'network');
      }
      if (attempt === retries || waitMs > maxDelayMs) break;
      await this.sleep(waitMs);
    }
    const failure = lastError ?? new UpstreamError(name, 'network');
    upstreamCalls.failed(name, failure.message);
    throw failure;
  }

  /** `send` that also requires a 2xx and parses JSON. */
  async json(request: HttpRequest): Promise<{ status: number; headers: Headers; body: unknown }> {
    const response = await this.send(request);
    if (response.status < 200 || response.status >= 300) {
      const failure = new UpstreamError(this.options.name, 'status', response.status);
      upstreamCalls.failed(this.options.name, failure.message);
      throw failure;
    }
    return { status: response.status, headers: response.headers, body: parseJson(this.options.name, response.text) };
  }

  private async once(request: HttpRequest): Promise<HttpResponse> {
    const work = async () => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), this.options.timeoutMs);
      try {
        const response = await fetch(request.url, {
          method: request.method ?? 'GET',
          headers: request.headers,
          body: request.body,
          signal: controller.signal,
          redirect: 'follow',
        });
        const text = await response.text();
        return { status: response.status, headers: response.headers, text };
      } catch {
        throw new UpstreamError(
          this.options.name,
          controller.signal.aborted ? 'timeout' : 'network',
          undefined,
          // some providers put secrets in query strings: name only the host
          safeHost(request.url),
        );
      } finally {
        clearTimeout(timer);
      }
    };
    return this.options.limiter ? this.options.limiter.run(work) : work();
  }
}

export function parseJson(upstream: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UpstreamError(upstream, 'invalid', undefined, 'not JSON');
  }
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'invalid url';
  }
}
