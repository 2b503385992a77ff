/** Webhook and push URLs come from players, so only global unicast passes; an IPv6 spelling of IPv4 is judged by its IPv4 host. */
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

/** Where traffic to an IPv6 spelling of IPv4 ends up (mapped, translated, compatible, NAT64, 6to4, Teredo), or null. */
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

/** Anything but global unicast; brackets and zone allowed. */
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

/** http(s) (https only when `httpsOnly`), at most 500 characters, no credentials; before any name is resolved. */
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

/** Scheme, host and port only: a Discord or Slack hook's path is its secret. */
export function maskedUrl(text: string): string {
  try {
    const url = new URL(text);
    const masked = url.pathname.length > 1 || url.search !== '' ? '/…' : '/';
    return `${url.protocol}//${url.host}${masked}`;
  } catch {
    return '…';
  }
}
