import { describe, expect, it } from 'vitest';
import { dayWords, ordinal, pointsWords, webhookBody, teamJoined } from '../../src/domain/announcements';
import ipaddr from 'ipaddr.js';
import { embeddedIPv4, isPrivateAddress, maskedUrl, outboundUrlShape } from '../../src/domain/outbound-addresses';

describe('the outbound address rule', () => {
  it.each([
    '127.0.0.1', '127.255.0.9', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1',
    '::ffff:10.1.2.3', 'not-an-address',
  ])('refuses %s', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:93.184.215.14'])('lets %s through', (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );

  // IPv6 spellings of an IPv4 host reach that host: each is judged by the IPv4 address it carries
  it.each([
    ['NAT64 of 127.0.0.1', '64:ff9b::7f00:1'],
    ['NAT64 of 10.0.0.1, dotted', '64:ff9b::10.0.0.1'],
    ['local-use NAT64 (64:ff9b:1::/48) of 127.0.0.1', '64:ff9b:1::7f00:1'],
    ['local-use NAT64, /48 layout, of 192.168.0.1', '64:ff9b:1:c0a8:0:100::'],
    ['6to4 of 127.0.0.1', '2002:7f00:1::1'],
    ['6to4 of 192.168.1.1', '2002:c0a8:101::1'],
    ['IPv4-compatible 127.0.0.1', '::7f00:1'],
    ['IPv4-compatible 169.254.169.254, dotted', '::169.254.169.254'],
    ['IPv4-translated 127.0.0.1', '::ffff:0:7f00:1'],
    ['Teredo with client 127.0.0.1 (stored inverted)', '2001:0:4136:e378:8000:63bf:80ff:fffe'],
    ['Teredo with a private server, 10.0.0.1', '2001:0:a00:1:8000:63bf:3fff:fdd2'],
  ])('refuses %s (%s)', (_what, address) => expect(isPrivateAddress(address)).toBe(true));

  it.each([
    ['NAT64 of a public address', '64:ff9b::5db8:d70e'],
    ['6to4 of a public address', '2002:5db8:d70e::1'],
    ['IPv4-compatible public address', '::5db8:d70e'],
    ['Teredo between public addresses', '2001:0:4136:e378:8000:63bf:a247:28f1'],
  ])('lets %s through (%s)', (_what, address) => expect(isPrivateAddress(address)).toBe(false));

  it.each([
    ['documentation v6', '2001:db8::1'],
    ['documentation v4', '192.0.2.1'],
    ['benchmarking v6', '2001:2::1'],
    ['benchmarking v4', '198.18.0.1'],
    ['site-local (deprecated)', 'fec0::1'],
    ['discard-only', '100::1'],
    ['outside global unicast 2000::/3', '4000::1'],
    ['ORCHIDv2', '2001:20::1'],
    ['broadcast', '255.255.255.255'],
    ['a link-local address with its zone', 'fe80::1%eth0'],
    ['shorthand IPv4 ipaddr.js would read as 127.0.0.1', '127.1'],
  ])('refuses what is not global unicast: %s (%s)', (_what, address) => expect(isPrivateAddress(address)).toBe(true));

  it('finds the IPv4 address each spelling carries', () => {
    const carried = (address: string) => embeddedIPv4(ipaddr.IPv6.parse(address))?.map(String) ?? null;
    expect(carried('64:ff9b::c000:221')).toEqual(['192.0.2.33']);
    expect(carried('2002:c000:221::1')).toEqual(['192.0.2.33']);
    expect(carried('::c000:221')).toEqual(['192.0.2.33']);
    expect(carried('::ffff:192.0.2.33')).toEqual(['192.0.2.33']);
    // Teredo: the server, then the client (its bits inverted)
    expect(carried('2001:0:4136:e378:8000:63bf:3fff:fdd2')).toEqual(['65.54.227.120', '192.0.2.45']);
    // RFC 6052's examples of 192.0.2.33 under a /48, /56 and /64 prefix, read at each layout
    expect(carried('64:ff9b:1:c000:2:2100::')![0]).toBe('192.0.2.33');
    expect(carried('64:ff9b:1:c0:0:221::')![1]).toBe('192.0.2.33');
    expect(carried('64:ff9b:1:0:c0:2:2100:0')![2]).toBe('192.0.2.33');
    expect(carried('2606:4700::1111')).toBeNull();
  });

  it('judges a URL’s shape before its host', () => {
    expect(outboundUrlShape('https://a.example/x', true).ok).toBe(true);
    expect(outboundUrlShape('http://a.example/x', true)).toEqual({ ok: false, reason: 'scheme' });
    expect(outboundUrlShape('http://a.example/x', false).ok).toBe(true);
    expect(outboundUrlShape(`https://a.example/${'x'.repeat(490)}`, false)).toEqual({ ok: false, reason: 'length' });
    expect(outboundUrlShape('https://u:p@a.example/', false)).toEqual({ ok: false, reason: 'credentials' });
  });

  it('masks a hook’s path and query, its secret', () => {
    expect(maskedUrl('https://discord.com/api/webhooks/1/abc?wait=true')).toBe('https://discord.com/…');
    expect(maskedUrl('https://hooks.example:8443/')).toBe('https://hooks.example:8443/');
  });
});

describe('message words', () => {
  it('ordinals, points and days as a chat shows them', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th']);
    expect([21.24, 21.25, 0, 3].map(pointsWords)).toEqual(['21.2', '21.3', '0.0', '3.0']);
    expect(dayWords('2026-05-05')).toBe('5 May 2026');
  });

  it('a Discord body pings nobody and stays within 2,000 characters', () => {
    const event = teamJoined({ id: 'lg', name: 'Cup' }, `@everyone ${'x'.repeat(2500)}`, 2);
    const body = webhookBody('discord', event) as { content: string; allowed_mentions: unknown };
    expect(body.content.length).toBe(2000);
    expect(body.allowed_mentions).toEqual({ parse: [] });
  });
});
