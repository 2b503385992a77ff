/**
 * Which addresses a league webhook or a push endpoint may reach (issue 25). Both URLs come
 * from players (an admin typed one, a browser gave the other), so by default neither may
 * point into the operator's own network: loopback, private, link-local, unique-local v6,
 * carrier-grade NAT, unspecified, multicast and reserved ranges are refused.
 */
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

const MAPPED_V4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;
const MAPPED_V4_HEX = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/** True when `address` (an IP literal) is in a range a player's URL may not reach. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0];
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family !== 6) return true; // not an address at all: never let it through
  const mapped = MAPPED_V4.exec(bare);
  if (mapped) return isPrivateAddress(mapped[1]);
  const hex = MAPPED_V4_HEX.exec(bare);
  if (hex) {
    const [hi, lo] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
    return isPrivateAddress(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  return blocked.check(bare, 'ipv6');
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
