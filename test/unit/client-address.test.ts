import { describe, expect, it } from 'vitest';
import { addressKey, clientAddress, recordConnection } from '../../src/http/connection';

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

  it('is the socket peer unless a trusted proxy names the client last in X-Forwarded-For', () => {
    expect(clientAddress(requestFrom('10.0.0.1', '198.51.100.1'), false)).toBe('10.0.0.1');
    expect(clientAddress(requestFrom('10.0.0.1', '192.0.2.9, 198.51.100.1'), true)).toBe('198.51.100.1');
    // a last entry that is not an address is ignored: the proxy's own address counts then
    expect(clientAddress(requestFrom('10.0.0.1', '198.51.100.1, garbage'), true)).toBe('10.0.0.1');
    expect(clientAddress(requestFrom('10.0.0.1', '[2001:db8::5]'), true)).toBe('2001:db8:0:0::/64');
    expect(clientAddress(requestFrom(null), false)).toBe('unknown');
  });
});
