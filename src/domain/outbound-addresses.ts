/**
 * Which addresses a league webhook or a push endpoint may reach (issue 25). Both URLs come
 * from players (an admin typed one, a browser gave the other), so by default neither may
 * point into the operator's own network. Only global unicast passes, judged by ipaddr.js's
 * tables of special-purpose ranges (loopback, private, link-local, unique-local, carrier-grade
 * NAT, documentation, benchmarking, multicast, reserved, ...); an IPv6 address that carries an
 * IPv4 address for a transition mechanism reaches that IPv4 host, so it is judged by it.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

/** 2000::/3: IANA's global unicast space; everything else of IPv6 is special or unassigned. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
/** RFC 8215's local-use NAT64 prefix: its operator picks the prefix length, so the IPv4 part may sit at any of RFC 6052's places. */
const LOCAL_USE_NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48');

function v4(hi: number, lo: number): IPv4 {
  return new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
}

/** The IPv4 address of RFC 6052's layout for a prefix of `prefixBits`, skipping the reserved bits 64-71. */
function rfc6052Address(parts: number[], prefixBits: 48 | 56 | 64 | 96): IPv4 {
  const bytes = parts.flatMap((part) => [part >> 8, part & 255]);
  if (prefixBits === 96) return new ipaddr.IPv4(bytes.slice(12, 16));
  const before = 8 - prefixBits / 8;
  return new ipaddr.IPv4([...bytes.slice(8 - before, 8), ...bytes.slice(9, 13 - before)]);
}

/**
 * The IPv4 addresses traffic to `address` may end up at, when it is one of the IPv6 spellings
 * of IPv4: IPv4-mapped and IPv4-translated (::ffff:0:0/96, ::ffff:0:0:0/96), IPv4-compatible
 * (::/96, deprecated but still routed by some stacks), NAT64 (64:ff9b::/96, and every layout
 * of the local-use 64:ff9b:1::/48), 6to4 (2002::/16) and Teredo (2001::/32: its server and
 * its client, whose address is stored inverted). Null when it spells no IPv4 address.
 */
export function embeddedIPv4(address: IPv6): IPv4[] | null {
  const p = address.parts;
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return [v4(p[6], p[7])];
    case 'rfc6052':
      if (address.match(LOCAL_USE_NAT64)) return ([48, 56, 64, 96] as const).map((bits) => rfc6052Address(p, bits));
      return [v4(p[6], p[7])];
    case '6to4':
      return [v4(p[1], p[2])];
    case 'teredo':
      return [v4(p[2], p[3]), v4(~p[6] & 0xffff, ~p[7] & 0xffff)];
    default:
      if (p.slice(0, 6).every((part) => part === 0)) return [v4(p[6], p[7])];
      return null;
  }
}

/** True when `address` (an IP literal, brackets and zone allowed) is anything but global unicast. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0];
  // node's strict reading first: ipaddr.js also reads shorthand IPv4 (`127.1`, `0x7f.1`)
  const family = isIP(bare);
  if (family === 4) return ipaddr.IPv4.parse(bare).range() !== 'unicast';
  if (family !== 6) return true; // not an address at all: never let it through
  const v6 = ipaddr.IPv6.parse(bare);
  const carried = embeddedIPv4(v6);
  if (carried) return carried.some((inner) => inner.range() !== 'unicast');
  return !v6.match(GLOBAL_UNICAST_V6) || v6.range() !== 'unicast';
}

export const MAX_OUTBOUND_URL_LENGTH = 500;

export type UrlShape = { ok: true; url: URL } | { ok: false; reason: 'scheme' | 'length' | 'malformed' | 'credentials' };

/**
 * The URL's own shape, before any name is resolved: http(s) (https only when `httpsOnly`), at
 * most 500 characters, no user or password in it.
 */
export function outboundUrlShape(text: string, httpsOnly: boolean): UrlShape {
  if (text.length > MAX_OUTBOUND_URL_LENGTH) return { ok: false, reason: 'length' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const schemes = httpsOnly ? ['https:'] : ['https:', 'http:'];
  if (!schemes.includes(url.protocol) || url.hostname === '') return { ok: false, reason: 'scheme' };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'credentials' };
  return { ok: true, url };
}

/**
 * A webhook URL as its admin may see it again: scheme, host and port, the path masked (a
 * Discord or Slack hook's path is its secret), no query.
 */
export function maskedUrl(text: string): string {
  try {
    const url = new URL(text);
    const masked = url.pathname.length > 1 || url.search !== '' ? '/…' : '/';
    return `${url.protocol}//${url.host}${masked}`;
  } catch {
    return '…';
  }
}
