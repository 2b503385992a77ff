/** Each answer kept with its league's version, serialized and compressed once, its ETag from the version; bounded by bytes, LRU. */
import crypto from 'node:crypto';
import { compress, MIN_COMPRESSED_BYTES, type ContentEncoding } from './compression';
import { preferredEncoding } from './negotiation';
import type { RawAnswer } from './raw-answer';

/** Bodies and their compressed forms. */
export const ANSWER_CACHE_BYTES = 64 * 1024 * 1024;

interface Entry {
  version: number;
  etag: string;
  body: Buffer;
  encoded: Partial<Record<ContentEncoding, Buffer>>;
  headers: Record<string, string>;
  bytes: number;
}

/** So two processes reaching the same version of a new database never share a tag. */
const instance = crypto.randomBytes(4).toString('hex');
const tagOf = (version: number) => `W/"${instance}-${version}"`;

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  /** productions under way, by key: a waiter shares one only at its own version */
  private readonly producing = new Map<string, { version: number; entry: Promise<Entry | undefined> }>();
  private bytes = 0;

  constructor(private readonly maxBytes = ANSWER_CACHE_BYTES) {}

  /** An answer that raced a write is served but not kept; when `produce` answers undefined, the caller answers afresh, untagged. */
  async answer(
    request: Request,
    key: string,
    version: number,
    produce: () => Promise<{ body: unknown; headers?: Record<string, string> } | undefined>,
    readVersion: () => Promise<number | undefined> | number | undefined,
  ): Promise<RawAnswer | undefined> {
    const etag = tagOf(version);
    if (matches(request.headers.get('if-none-match'), etag)) {
      return { status: 304, headers: { etag, 'cache-control': CACHE_CONTROL, vary: 'Accept-Encoding' }, body: null };
    }
    let entry = this.entries.get(key);
    if (entry && entry.version === version) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    } else {
      // Requests that find the same new version share one production instead of each compressing its own copy.
      const shared = this.producing.get(key);
      const produced = (shared?.version === version ? await shared.entry : undefined) ?? (await this.produceShared(key, version, etag, produce, readVersion));
      if (!produced) return undefined;
      entry = produced;
    }
    return this.respond(key, entry, preferredEncoding(request.headers.get('accept-encoding')));
  }

  /**
   * Keeps `key`'s answer at `version` before anyone asks for it (after a job moved the version,
   * so the first reader of the morning finds it ready), compressed in every encoding a browser
   * accepts. Nothing is done when the kept answer is current already.
   */
  async warm(
    key: string,
    version: number,
    produce: () => Promise<{ body: unknown; headers?: Record<string, string> } | undefined>,
    readVersion: () => Promise<number | undefined> | number | undefined,
  ): Promise<void> {
    if (this.entries.get(key)?.version === version) return;
    const shared = this.producing.get(key);
    const entry = (shared?.version === version ? await shared.entry : undefined) ?? (await this.produceShared(key, version, tagOf(version), produce, readVersion));
    if (!entry || this.entries.get(key) !== entry) return;
    for (const encoding of ENCODINGS) this.respond(key, entry, encoding);
  }

  /** Undefined when it must not be kept. */
  private async produceShared(
    key: string,
    version: number,
    etag: string,
    produce: () => Promise<{ body: unknown; headers?: Record<string, string> } | undefined>,
    readVersion: () => Promise<number | undefined> | number | undefined,
  ): Promise<Entry | undefined> {
    const running = (async (): Promise<Entry | undefined> => {
      const produced = await produce();
      if (!produced) return undefined;
      const entry: Entry = {
        version,
        etag,
        body: Buffer.from(JSON.stringify(produced.body)),
        encoded: {},
        headers: produced.headers ?? {},
        bytes: 0,
      };
      entry.bytes = entry.body.byteLength;
      if ((await readVersion()) === version) this.keep(key, entry);
      return entry;
    })();
    const production = { version, entry: running };
    this.producing.set(key, production);
    try {
      return await running;
    } finally {
      if (this.producing.get(key) === production) this.producing.delete(key);
    }
  }

  private respond(key: string, entry: Entry, encoding: ContentEncoding | null): RawAnswer {
    const headers: Record<string, string> = {
      ...entry.headers,
      'content-type': 'application/json',
      etag: entry.etag,
      'cache-control': CACHE_CONTROL,
      vary: 'Accept-Encoding',
    };
    if (!encoding || entry.body.byteLength < MIN_COMPRESSED_BYTES) return { status: 200, headers, body: entry.body };
    let encoded = entry.encoded[encoding];
    if (!encoded) {
      encoded = entry.encoded[encoding] = compress(entry.body, encoding);
      entry.bytes += encoded.byteLength;
      if (this.entries.get(key) === entry) {
        this.bytes += encoded.byteLength;
        this.evict();
      }
    }
    return { status: 200, headers: { ...headers, 'content-encoding': encoding }, body: encoded };
  }

  private keep(key: string, entry: Entry): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.bytes;
    }
    if (entry.bytes > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.evict();
  }

  private evict(): void {
    for (const [oldest, kept] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= kept.bytes;
    }
  }

  /** For tests and the bench. */
  get size(): number {
    return this.bytes;
  }
}

const ENCODINGS: readonly ContentEncoding[] = ['br', 'gzip'];

/** The browser may keep the answer but must revalidate with the tag. */
const CACHE_CONTROL = 'private, no-cache';

function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => weak(tag) === weak(etag));
}
