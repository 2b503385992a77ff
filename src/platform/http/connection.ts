/** What the socket knows and the headers do not; guards and limiters read it. */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import proxyaddr from 'proxy-addr';

export interface Connection {
  remoteAddress: string;
  /** the real one when 0 was asked for */
  localPort: number;
}

/** srvx hands its Node request over as `runtime.node.req` (its documented `ServerRequest`); an in-process request has none. */
export function nodeMessageOf(request: Request): IncomingMessage | undefined {
  return (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
}

/** In-process requests (tests) carry no socket; their connection is recorded here. */
const connections = new WeakMap<Request, Connection>();

export function recordConnection(request: Request, connection: Connection): void {
  connections.set(request, connection);
}

export function connectionOf(request: Request): Connection | undefined {
  const recorded = connections.get(request);
  if (recorded) return recorded;
  const socket = nodeMessageOf(request)?.socket;
  return socket ? { remoteAddress: socket.remoteAddress ?? 'unknown', localPort: socket.localPort ?? 0 } : undefined;
}

export type TrustProxy = boolean | number | string[];

type TrustFunction = (address: string, hop: number) => boolean;

/** Hop 0 is the socket's peer, hop 1 the last `X-Forwarded-For` entry, and so on leftwards; null trusts none. */
export function proxyTrust(trustProxy: TrustProxy): TrustFunction | null {
  if (trustProxy === false || trustProxy === 0) return null;
  const hops = trustProxy === true ? 1 : trustProxy;
  if (typeof hops === 'number') return (_address, hop) => hop < hops;
  return proxyaddr.compile(hops);
}

const compiled = new Map<TrustProxy, TrustFunction | null>();

/** Behind trusted proxies, the first forwarded entry from the right no trusted proxy added; entries further left are the client's say. */
export function clientAddress(request: Request, trustProxy: TrustProxy): string {
  const socketAddress = connectionOf(request)?.remoteAddress;
  if (!socketAddress) return 'unknown';
  if (!compiled.has(trustProxy)) compiled.set(trustProxy, proxyTrust(trustProxy));
  const trust = compiled.get(trustProxy);
  const forwarded = trust ? request.headers.get('x-forwarded-for') : null;
  if (!trust || !forwarded) return addressKey(socketAddress);
  // brackets around an IPv6 entry are read as the address they hold
  const header = forwarded.replace(/\[([0-9a-f:.]+)\]/gi, '$1');
  // proxy-addr reads only these two fields of the message it is given
  const forwardedBy: Pick<IncomingMessage, 'headers'> & { socket: Pick<IncomingMessage['socket'], 'remoteAddress'> } = {
    socket: { remoteAddress: socketAddress },
    headers: { 'x-forwarded-for': header },
  };
  const path = proxyaddr.all(forwardedBy as IncomingMessage, trust);
  const client = path.findLast((address) => isIP(address) !== 0) ?? socketAddress;
  return addressKey(client);
}

/** IPv6 by its /64, the block one subscriber is usually given, so rotating within it buys nothing. */
export function addressKey(address: string): string {
  if (isIP(address) === 0) return address;
  const ip = ipaddr.process(address);
  if (ip.kind() === 'ipv4') return ip.toString();
  return `${(ip as ipaddr.IPv6).parts.slice(0, 4).map((group) => group.toString(16)).join(':')}::/64`;
}
