/** The HTTP rules every Wikimedia call shares (external-apis.md), turning each family of answers into data or an UpstreamError. */
import type { z } from 'zod';
import { HttpClient, parseJson, UpstreamError, type HttpResponse } from '../http-client';
import type { ConcurrencyLimiter } from '../limiter';
import { actionApiError } from './wire-schemas';

export const UPSTREAM_NAME = 'encyclopedia';

export interface EncyclopediaTransportOptions {
  userAgent: string;
  limiter: ConcurrencyLimiter;
  timeoutMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
  sleep?: (ms: number) => Promise<void>;
}

export class EncyclopediaTransport {
  private readonly http: HttpClient;
  private readonly headers: Record<string, string>;

  constructor(options: EncyclopediaTransportOptions) {
    this.http = new HttpClient({
      name: UPSTREAM_NAME,
      timeoutMs: options.timeoutMs,
      retries: 3,
      baseDelayMs: options.baseDelayMs,
      maxDelayMs: options.maxDelayMs,
      limiter: options.limiter,
      sleep: options.sleep,
    });
    this.headers = {
      'User-Agent': options.userAgent,
      // api.wikimedia.org reads this one; sending both everywhere keeps every host happy
      'Api-User-Agent': options.userAgent,
      Accept: 'application/json',
    };
  }

  /** A 404 with a JSON problem body is AQS's "no rows" (null); one without means a wrong URL, which must not pass for "no views". */
  async metrics<S extends z.ZodType>(url: string, schema: S, what: string): Promise<z.output<S> | null> {
    const response = await this.http.send({ url, headers: this.headers });
    if (response.status === 404) {
      if (isProblemBody(response)) return null;
      throw new UpstreamError(UPSTREAM_NAME, 'status', 404, `${what}: not an AQS answer`);
    }
    return parseBody(response, schema, what);
  }

  /** A REST GET (W8, W9); with `notFoundIsNull` a 404 is "no such page" and answers null. */
  async json<S extends z.ZodType>(url: string, schema: S, what: string): Promise<z.output<S>>;
  async json<S extends z.ZodType>(url: string, schema: S, what: string, options: { notFoundIsNull: true }): Promise<z.output<S> | null>;
  async json<S extends z.ZodType>(url: string, schema: S, what: string, options?: { notFoundIsNull: true }): Promise<z.output<S> | null> {
    const response = await this.http.send({ url, headers: this.headers });
    if (response.status === 404 && options?.notFoundIsNull) return null;
    return parseBody(response, schema, what);
  }

  /** An Action API GET: an `error` member in a 200 is a failure, never an empty result. */
  async action<S extends z.ZodType>(url: string, schema: S, what: string): Promise<z.output<S>> {
    const response = await this.http.send({ url, headers: this.headers });
    requireSuccess(response, what);
    const body = parseJson(UPSTREAM_NAME, response.text);
    const failure = actionApiError.safeParse(body);
    const headerCode = response.headers.get('mediawiki-api-error');
    if (failure.success || headerCode) {
      const code = failure.success ? failure.data.error.code : headerCode;
      const info = failure.success && failure.data.error.info ? ` (${failure.data.error.info})` : '';
      throw new UpstreamError(UPSTREAM_NAME, 'api', response.status, `${what}: ${code}${info}`);
    }
    return validate(body, schema, what, response.status);
  }
}

function requireSuccess(response: HttpResponse, what: string): void {
  if (response.status < 200 || response.status >= 300) {
    throw new UpstreamError(UPSTREAM_NAME, 'status', response.status, what);
  }
}

function parseBody<S extends z.ZodType>(response: HttpResponse, schema: S, what: string): z.output<S> {
  requireSuccess(response, what);
  return validate(parseJson(UPSTREAM_NAME, response.text), schema, what, response.status);
}

function validate<S extends z.ZodType>(body: unknown, schema: S, what: string, status: number): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : '(body)';
  throw new UpstreamError(UPSTREAM_NAME, 'invalid', status, `${what}: ${where} ${issue?.message ?? ''}`.trim());
}

function isProblemBody(response: HttpResponse): boolean {
  if ((response.headers.get('content-type') ?? '').includes('problem+json')) return true;
  try {
    const body: unknown = JSON.parse(response.text);
    return typeof body === 'object' && body !== null && !Array.isArray(body);
  } catch {
    return false;
  }
}
