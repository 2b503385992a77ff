import { describe, expect, it } from 'vitest';
import { jsonLogger } from '../../src/logger';

function captured() {
  const lines: string[] = [];
  return { lines, log: jsonLogger((line) => lines.push(line)) };
}

describe('jsonLogger', () => {
  it('writes one JSON object per line: the time, the level, the message, then the fields', () => {
    const { lines, log } = captured();
    const before = Date.now();
    log.warn('disk "nearly" full', { freeBytes: 12, path: '/var/lib/fantasy\n', skipped: undefined });
    log.info('started');
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => !line.includes('\n'))).toBe(true);
    const first = JSON.parse(lines[0]!);
    expect(first).toEqual({ time: expect.any(String), level: 'warn', message: 'disk "nearly" full', freeBytes: 12, path: '/var/lib/fantasy\n' });
    expect(Date.parse(first.time)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(first.time)).toBeLessThanOrEqual(Date.now());
    expect(JSON.parse(lines[1]!)).toEqual({ time: expect.any(String), level: 'info', message: 'started' });
  });

  it('lets a field named like a fixed key win, as merging the objects did', () => {
    const { lines, log } = captured();
    log.info('request', { level: 'audit' });
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'audit', message: 'request' });
  });
});
