import { describe, expect, it } from 'vitest';
import { addressKey, clientAddress, recordConnection } from '../../src/platform/http/connection';

function requestFrom(remoteAddress: string | null, forwardedFor?: string): Request {
  const request = new Request('http://localhost/', { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
  if (remoteAddress !== null) recordConnection(request, { remoteAddress, localPort: 8787 });
  return request;
}

describe('client addresses for per-address limits', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s counts as %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });

  it('is the socket peer unless a trusted proxy names the client last in X-Forwarded-For (true: one proxy)', () => {
    expect(clientAddress(requestFrom('10.0.0.1', '198.51.100.1'), false)).toBe('10.0.0.1');
    expect(clientAddress(requestFrom('10.0.0.1', '192.0.2.9, 198.51.100.1'), true)).toBe('198.51.100.1');
    // a last entry that is not an address is ignored: the proxy's own address counts then
    expect(clientAddress(requestFrom('10.0.0.1', '198.51.100.1, garbage'), true)).toBe('10.0.0.1');
    expect(clientAddress(requestFrom('10.0.0.1', '[2001:db8::5]'), true)).toBe('2001:db8:0:0::/64');
    expect(clientAddress(requestFrom(null), false)).toBe('unknown');
  });

  it('with a hop count, skips that many proxies from the right: a CDN in front of Caddy is two', () => {
    // the client 198.51.100.7 reached CDN edge 203.0.113.10, which reached Caddy (10.0.0.1) in front of us
    const viaCdn = requestFrom('10.0.0.1', '198.51.100.7, 203.0.113.10');
    expect(clientAddress(viaCdn, 2)).toBe('198.51.100.7');
    // one hop, as `true` counts, would take the CDN's edge for the client: every visitor of that edge one bucket
    expect(clientAddress(viaCdn, 1)).toBe('203.0.113.10');
    expect(clientAddress(viaCdn, true)).toBe('203.0.113.10');
    // whatever the client prepends stays left of what the trusted hops appended
    expect(clientAddress(requestFrom('10.0.0.1', '192.0.2.1, 192.0.2.2, 198.51.100.7, 203.0.113.10'), 2)).toBe('198.51.100.7');
    // fewer entries than hops: the furthest address there is
    expect(clientAddress(requestFrom('10.0.0.1', '198.51.100.7'), 3)).toBe('198.51.100.7');
    expect(clientAddress(viaCdn, 0)).toBe('10.0.0.1');
    expect(clientAddress(viaCdn, false)).toBe('10.0.0.1');
  });

  it('with a list, trusts only hops at those addresses and ranges', () => {
    const proxies = ['10.0.0.0/8', '203.0.113.0/24'];
    expect(clientAddress(requestFrom('10.0.0.1', '198.51.100.7, 203.0.113.10'), proxies)).toBe('198.51.100.7');
    // a peer outside the list is the client itself, whatever header it sends
    expect(clientAddress(requestFrom('192.0.2.50', '198.51.100.7'), proxies)).toBe('192.0.2.50');
    // the walk stops at the first hop not in the list, even if entries further left claim otherwise
    expect(clientAddress(requestFrom('10.0.0.1', '198.51.100.7, 192.0.2.66, 203.0.113.10'), proxies)).toBe('192.0.2.66');
    // proxy-addr's named ranges, and an IPv6 client by its /64
    expect(clientAddress(requestFrom('::1', '2001:db8:5:6::9'), ['loopback'])).toBe('2001:db8:5:6::/64');
    expect(clientAddress(requestFrom('::ffff:127.0.0.1', '198.51.100.7'), ['loopback'])).toBe('198.51.100.7');
    // an entry that is not an address counts as the trusted hop after it
    expect(clientAddress(requestFrom('10.0.0.1', 'garbage, 203.0.113.10'), proxies)).toBe('203.0.113.10');
  });
});
