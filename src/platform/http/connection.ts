/**
 * What the socket knows about a request and its headers do not: the peer's address
 * and the local port it reached. The listener records them; guards and limiters read them.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import proxyaddr from 'proxy-addr';
import { nodeMessageOf } from './request-body';

export interface Connection {
  /** the peer's address as the socket saw it */
  remoteAddress: string;
  /** the port this service accepted the request on (the real one when 0 was asked for) */
  localPort: number;
}

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

/** config `trustProxy`: false, true (one proxy), a hop count, or the trusted proxies' addresses and CIDR ranges. */
export type TrustProxy = boolean | number | string[];

type TrustFunction = (address: string, hop: number) => boolean;

/**
 * Which hops of a request's path are proxies of ours, as proxy-addr asks: hop 0 is the socket's
 * peer, hop 1 the last `X-Forwarded-For` entry, and so on leftwards. `true` trusts one hop (the
 * reverse proxy in front), a number that many, a list the proxies at those addresses (proxy-addr
 * also reads `loopback`, `linklocal` and `uniquelocal`); null trusts none.
 */
export function proxyTrust(trustProxy: TrustProxy): TrustFunction | null {
  if (trustProxy === false || trustProxy === 0) return null;
  const hops = trustProxy === true ? 1 : trustProxy;
  if (typeof hops === 'number') return (_address, hop) => hop < hops;
  return proxyaddr.compile(hops);
}

const compiled = new Map<TrustProxy, TrustFunction | null>();

/**
 * The client's address for per-address limits (keyed by addressKey): the socket's peer, or
 * behind trusted proxies the first `X-Forwarded-For` entry, walking from the right, that no
 * trusted proxy added. Entries further left are whatever the client chose to send. An entry
 * that is not an address is passed over for the trusted hop after it. Without a socket
 * (in-process calls) it is `unknown`, one bucket.
 */
export function clientAddress(request: Request, trustProxy: TrustProxy): string {
  const socketAddress = connectionOf(request)?.remoteAddress;
  if (!socketAddress) return 'unknown';
  if (!compiled.has(trustProxy)) compiled.set(trustProxy, proxyTrust(trustProxy));
  const trust = compiled.get(trustProxy);
  const forwarded = trust ? request.headers.get('x-forwarded-for') : null;
  if (!trust || !forwarded) return addressKey(socketAddress);
  // brackets around an IPv6 entry are read as the address they hold
  const header = forwarded.replace(/\[([0-9a-f:.]+)\]/gi, '$1');
  const path = proxyaddr.all({ socket: { remoteAddress: socketAddress }, headers: { 'x-forwarded-for': header } } as unknown as IncomingMessage, trust);
  const client = path.findLast((address) => isIP(address) !== 0) ?? socketAddress;
  return addressKey(client);
}

/**
 * One key per client: an IPv4 address as is (also when IPv4-mapped), an IPv6 address by its
 * /64, the block a single subscriber is usually given, so rotating within it buys nothing.
 */
export function addressKey(address: string): string {
  if (isIP(address) === 0) return address;
  const ip = ipaddr.process(address);
  if (ip.kind() === 'ipv4') return ip.toString();
  return `${(ip as ipaddr.IPv6).parts.slice(0, 4).map((group) => group.toString(16)).join(':')}::/64`;
}
