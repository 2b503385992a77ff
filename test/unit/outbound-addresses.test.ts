import { describe, expect, it } from 'vitest';
import { dayWords, ordinal, pointsWords, webhookBody, teamJoined } from '../../src/domain/announcements';
import { isPrivateAddress, maskedUrl, outboundUrlShape } from '../../src/domain/outbound-addresses';

describe('the outbound address rule', () => {
  it.each([
    '127.0.0.1', '127.255.0.9', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1',
    '::ffff:10.1.2.3', 'not-an-address',
  ])('refuses %s', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:93.184.215.14'])('lets %s through', (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );

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
