/**
 * On Node 20 a web Response built with a body sets up a ReadableStream, and reading it back
 * drains that stream: together more than the rest of a small request costs. Answers this
 * process builds from bytes it already holds are Responses without a stream that carry the
 * bytes, handing out a stream only to a caller that asks for `body`; the compression step
 * and the node:http bridge take the bytes directly. Any other Response is read as usual.
 */
class KnownBodyResponse extends Response {
  constructor(
    readonly bytes: Uint8Array,
    init: ResponseInit,
  ) {
    super(null, init);
  }
}

// The lib types declare these as fields, so they are replaced on the prototype, not in the class.
const text = (response: KnownBodyResponse) => Buffer.from(response.bytes).toString('utf8');
Object.defineProperties(KnownBodyResponse.prototype, {
  body: {
    get(this: KnownBodyResponse) {
      return new Blob([this.bytes]).stream();
    },
  },
  // a copy: a small Buffer's own `.buffer` is the shared pool it was cut from
  arrayBuffer: { value: async function (this: KnownBodyResponse) { return new Uint8Array(this.bytes).buffer; } },
  text: { value: async function (this: KnownBodyResponse) { return text(this); } },
  json: { value: async function (this: KnownBodyResponse) { return JSON.parse(text(this)); } },
});

export function bytesResponse(bytes: Uint8Array | null, init: ResponseInit): Response {
  return bytes ? new KnownBodyResponse(bytes, init) : new Response(null, init);
}

/** A JSON answer whose bytes are known. */
export function jsonResponse(value: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return bytesResponse(Buffer.from(JSON.stringify(value)), { status, headers: { ...headers, 'content-type': 'application/json' } });
}

export function hasKnownBody(response: Response): boolean {
  return response instanceof KnownBodyResponse;
}

/** The body's bytes (null for none), without a stream when they are known; other bodies are consumed. */
export async function bodyBytes(response: Response): Promise<Uint8Array | null> {
  if (response instanceof KnownBodyResponse) return response.bytes;
  if (!response.body) return null;
  return new Uint8Array(await response.arrayBuffer());
}
