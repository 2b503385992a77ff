import { describe, expect, it } from 'vitest';
import { isPostgresUrl, maskDatabaseUrl, withoutUrlPassword } from '../../src/platform/database-url';

describe('databaseUrl', () => {
  it.each([
    ['postgres://fantasy:pw@db.example:5432/fantasy', true],
    ['postgresql://db.example/fantasy?sslmode=require', true],
    ['postgres:///fantasy?host=/run/postgresql', true],
    ['POSTGRESQL://127.0.0.1/x', true],
    ['postgres://', false],
    ['postgres:///fantasy', false],
    ['mysql://u:p@db.example/x', false],
    ['https://db.example/x', false],
    ['./data/fantasy.db', false],
    ['postgres://db.example/fan tasy', false],
  ])('%s is a PostgreSQL URL: %s', (url, expected) => {
    expect(isPostgresUrl(url)).toBe(expected);
  });

  it.each([
    ['postgres://fantasy:s3cret@db.example:5432/fantasy', 'postgres://fantasy:********@db.example:5432/fantasy'],
    ['postgresql://fantasy:p%40ss%2Fw0rd@db.example/fantasy?sslmode=require', 'postgresql://fantasy:********@db.example/fantasy?sslmode=require'],
    // an @ the operator forgot to encode: everything up to the last one before the host is masked
    ['postgres://fantasy:p@ss@db.example/fantasy', 'postgres://fantasy:********@db.example/fantasy'],
    ['postgres://db.example/fantasy?user=fantasy&password=s3cret&sslmode=require', 'postgres://db.example/fantasy?user=fantasy&password=********&sslmode=require'],
    // nothing secret: shown as written
    ['postgres://fantasy@db.example/fantasy', 'postgres://fantasy@db.example/fantasy'],
    ['postgres://db.example:5432/fantasy?application_name=a@b', 'postgres://db.example:5432/fantasy?application_name=a@b'],
  ])('masks %s', (url, shown) => {
    expect(maskDatabaseUrl(url)).toBe(shown);
  });

  it('takes the password out of a message that quotes the URL or the password, encoded or not', () => {
    const url = 'postgres://fantasy:p%40ss-w0rd@db.example/fantasy';
    const message = `could not reach ${url}; password "p@ss-w0rd" refused (p%40ss-w0rd)`;
    const cleaned = withoutUrlPassword(message, url);
    expect(cleaned).toBe('could not reach postgres://fantasy:********@db.example/fantasy; password "********" refused (********)');
  });
});
