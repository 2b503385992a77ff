/** No redirect followed, and the address rule applied at connect time, so a name cannot be turned toward the operator's network later. */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { isPrivateAddress } from '../domain/outbound-addresses';

export const OUTBOUND_TIMEOUT_MS = 5_000;
/** enough for an error text, never a flood */
export const MAX_ANSWER_BYTES = 4 * 1024;

export type OutboundFailureKind = 'refused-address' | 'unresolvable' | 'timeout' | 'network';

export class OutboundError extends Error {
  constructor(readonly kind: OutboundFailureKind) {
    super(`outbound ${kind}`);
    this.name = 'OutboundError';
  }
}

export interface OutboundPolicy {
  allowPrivateAddresses: boolean;
  timeoutMs?: number;
}

export async function resolveHost(hostname: string): Promise<string[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return [bare];
  try {
    const found = await dns.promises.lookup(bare, { all: true, verbatim: true });
    return found.map((entry) => entry.address);
  } catch {
    throw new OutboundError('unresolvable');
  }
}

export async function hostAllowed(url: URL, policy: OutboundPolicy): Promise<boolean> {
  const addresses = await resolveHost(url.hostname);
  return addresses.length > 0 && (policy.allowPrivateAddresses || addresses.every((address) => !isPrivateAddress(address)));
}

/** dns.lookup that refuses, at connect time, any address the rule refuses. */
function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { family: options.family, hints: options.hints, all: true, verbatim: true }, (error, list) => {
      if (error) return (callback as (e: Error) => void)(error);
      if (list.length === 0 || (!policy.allowPrivateAddresses && list.some((entry) => isPrivateAddress(entry.address)))) {
        return (callback as (e: Error) => void)(new OutboundError('refused-address'));
      }
      if ((options as dns.LookupOptions).all) return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      (callback as (e: null, a: string, f: number) => void)(null, list[0].address, list[0].family);
    });
  };
}

export interface OutboundRequest {
  url: string;
  method?: 'POST';
  headers: Record<string, string>;
  body: string | Buffer;
}

export interface OutboundAnswer {
  status: number;
  /** the first bytes of the answer's body */
  text: string;
}

/** A 3xx is an answer, not followed; throws OutboundError when no answer came. */
export async function sendOutbound(request: OutboundRequest, policy: OutboundPolicy): Promise<OutboundAnswer> {
  const url = new URL(request.url);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  // an IP literal never passes through lookup: judge it here
  if (isIP(literal) && !policy.allowPrivateAddresses && isPrivateAddress(literal)) throw new OutboundError('refused-address');
  const transport = url.protocol === 'https:' ? https : http;
  const timeoutMs = policy.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  return new Promise<OutboundAnswer>((resolve, reject) => {
    let settled = false;
    const finish = (error: OutboundError | null, answer?: OutboundAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if (error) reject(error);
      else resolve(answer!);
    };
    const req = transport.request(
      url,
      {
        method: request.method ?? 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        lookup: guardedLookup(policy),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const answered = () => finish(null, { status: res.statusCode ?? 0, text: Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8') });
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size < MAX_ANSWER_BYTES) return;
          // a receiver may stream without end: the rest is never read
          answered();
          req.destroy();
        });
        res.on('end', answered);
        res.on('error', () => finish(new OutboundError('network')));
      },
    );
    // one deadline for the whole exchange: connect, send, and the answer
    const deadline = setTimeout(() => {
      finish(new OutboundError('timeout'));
      req.destroy();
    }, timeoutMs);
    req.on('error', (error) => finish(error instanceof OutboundError ? error : new OutboundError('network')));
    req.end(request.body);
  });
}
