/**
 * What the socket knows about a request and its headers do not: the peer's address
 * and the local port it reached. The listener records them; guards and limiters read them.
 */
import { isIP } from 'node:net';
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

/**
 * The client's address for per-address limits. Behind a reverse proxy (`trustProxy`) it is
 * the last `X-Forwarded-For` entry: the one our proxy appended; earlier entries are whatever
 * the client chose to send. Without a socket (in-process calls) it is `unknown`, one bucket.
 */
export function clientAddress(request: Request, trustProxy: boolean): string {
  const socketAddress = connectionOf(request)?.remoteAddress;
  let address = socketAddress;
  if (trustProxy) {
    const forwarded = request.headers.get('x-forwarded-for');
    const last = forwarded?.split(',').map((part) => part.trim()).filter((part) => part !== '').at(-1);
    if (last && isIP(stripBrackets(last))) address = stripBrackets(last);
  }
  return address ? addressKey(address) : 'unknown';
}

function stripBrackets(address: string): string {
  return address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
}

/**
 * One key per client: an IPv4 address as is (also when IPv4-mapped), an IPv6 address by its
 * /64, the block a single subscriber is usually given, so rotating within it buys nothing.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (isIP(address) !== 6) return address;
  const [head, tail = ''] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}
