import { describe, expect, it } from 'vitest';
import { jsonLogger, type LoggerOptions } from '../../src/platform/log';
import { parseConfig } from '../../src/platform/config';
import { configSecretValues, SecretValues } from '../../src/platform/redaction';
import { operatorLog } from '../../cli/config-option';
import { openRuntime } from '../../src/platform/runtime';
import { closeDatabase, openDatabase } from '../../src/platform/db/database';

function captured(options: LoggerOptions = {}) {
  const lines: string[] = [];
  return { lines, log: jsonLogger((line) => lines.push(line), options) };
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

describe('log levels', () => {
  it('writes the configured level and what is more severe, nothing below it', () => {
    const levelsAt = (level: LoggerOptions['level']) => {
      const { lines, log } = captured({ level });
      log.debug('d');
      log.info('i');
      log.warn('w');
      log.error('e');
      return lines.map((line) => JSON.parse(line).level);
    };
    expect(levelsAt(undefined)).toEqual(['info', 'warn', 'error']);
    expect(levelsAt('debug')).toEqual(['debug', 'info', 'warn', 'error']);
    expect(levelsAt('warn')).toEqual(['warn', 'error']);
    expect(levelsAt('error')).toEqual(['error']);
  });

  it('is a configuration key and an environment variable, one of four words', () => {
    expect(parseConfig({}).logLevel).toBe('info');
    expect(parseConfig({ logLevel: 'warn' }).logLevel).toBe('warn');
    expect(() => parseConfig({ logLevel: 'verbose' })).toThrow(/^configuration key logLevel: /);
  });
});

describe('secrets in log lines, masked by rule', () => {
  it('masks a field named like a secret at any depth, whatever it holds, and keeps the rest', () => {
    const { lines, log } = captured();
    const fields = { user: 'ann', apiKey: 'k', headers: { authorization: 'Bearer abc', cookie: 'session_token=xyz', accept: '*/*' }, attempts: [{ clientSecret: 's1', n: 1 }], token: null };
    log.warn('upstream refused', fields);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      user: 'ann',
      apiKey: '********',
      headers: { authorization: '********', cookie: '********', accept: '*/*' },
      attempts: [{ clientSecret: '********', n: 1 }],
      token: null,
    });
    // the caller's own object is left as it was
    expect(fields.headers.authorization).toBe('Bearer abc');
  });

  it('masks a known secret value wherever it appears: the message, a field, an error text, JSON-escaped', () => {
    const secrets = new SecretValues(['s3cret-token-value', 'quote"and\\slash-secret', 'short']);
    const { lines, log } = captured({ secrets });
    log.error('call to https://api.example/?key=s3cret-token-value failed', { errorMessage: 'bad key s3cret-token-value', raw: 'quote"and\\slash-secret' });
    log.info('a short word stays: short');
    expect(lines[0]).not.toContain('s3cret-token-value');
    expect(lines[0]).not.toContain('slash-secret');
    expect(JSON.parse(lines[0]!)).toMatchObject({ message: 'call to https://api.example/?key=******** failed', errorMessage: 'bad key ********', raw: '********' });
    expect(JSON.parse(lines[1]!).message).toBe('a short word stays: short');
  });

  it('knows every secret of the configuration, the database URL’s password included', () => {
    const config = parseConfig({
      serviceToken: 'service-token-0123',
      signingSecret: 's'.repeat(32),
      identityProvider: { clientSecret: 'idp-client-secret' },
      issueTracker: { token: 'ghp_tracker_token' },
      languageModel: { apiKey: 'llm-api-key-value' },
      metrics: { token: 'metrics-token-0123456789' },
      databaseUrl: 'postgres://fantasy:pg-pass%40word@db.example/fantasy',
    });
    expect(configSecretValues(config).sort()).toEqual(
      ['service-token-0123', 's'.repeat(32), 'idp-client-secret', 'ghp_tracker_token', 'llm-api-key-value', 'metrics-token-0123456789', 'pg-pass%40word', 'pg-pass@word'].sort(),
    );
    const lines: string[] = [];
    const { log } = operatorLog(config, (line) => lines.push(line));
    log.error('everything at once', { text: configSecretValues(config).join(' ') });
    expect(JSON.parse(lines[0]!).text).toBe(Array(8).fill('********').join(' '));
  });

  it('a verb’s log also masks the signing secret and VAPID key the database made and holds', async () => {
    const config = parseConfig({ environment: 'test', databasePath: ':memory:', scheduler: { enabled: false } });
    const lines: string[] = [];
    const { log, secrets } = operatorLog(config, (line) => lines.push(line));
    const db = openDatabase(':memory:', { migrate: true });
    const runtime = await openRuntime(config, { log, secrets, db });
    try {
      const generated = runtime.ctx.signingSecret!;
      expect(generated.length).toBeGreaterThanOrEqual(32);
      log.warn(`leaked ${generated}`);
      expect(lines.at(-1)).not.toContain(generated);
      expect(JSON.parse(lines.at(-1)!).message).toBe('leaked ********');
    } finally {
      await runtime.close();
      closeDatabase(db);
    }
  });
});
