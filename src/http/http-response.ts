/**
 * What the app answers: a status, headers by lower-case name and the body's bytes. Plain data,
 * so the listener writes it to the socket as it stands and nothing builds (then reads back) a
 * web Response with a stream per request; in-process callers get a web Response made from it.
 */
export type HeaderValue = string | string[];

export class HttpResponse {
  constructor(
    public status: number,
    /** lower-case names; an array only for a header sent once per value (set-cookie) */
    public headers: Record<string, HeaderValue>,
    /** null for no body; a HEAD answer keeps its GET's content-length and carries none */
    public body: Uint8Array | null = null,
  ) {}

  header(name: string): string | undefined {
    const value = this.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  /** Adds a value to a list header (vary), keeping those already there. */
  appendTo(name: string, value: string): void {
    const seen = this.header(name);
    this.headers[name] = seen ? `${seen}, ${value}` : value;
  }
}

export function jsonResponse(value: unknown, status = 200, headers: Record<string, HeaderValue> = {}): HttpResponse {
  return new HttpResponse(status, { ...headers, 'content-type': 'application/json' }, Buffer.from(JSON.stringify(value)));
}

export function textResponse(text: string, status: number, contentType: string, headers: Record<string, HeaderValue> = {}): HttpResponse {
  return new HttpResponse(status, { ...headers, 'content-type': contentType }, Buffer.from(text));
}

/** The same answer as a web Response, for callers that speak fetch (in-process tests). */
export function toWebResponse(response: HttpResponse): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  // a web Response refuses a body with these statuses
  const bodiless = response.status === 204 || response.status === 304 || (response.status >= 100 && response.status < 200);
  return new Response(bodiless || !response.body ? null : new Uint8Array(response.body), { status: response.status, headers });
}
