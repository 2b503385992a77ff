import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configuredFrontendUrl, loadConfig, parseConfig, resolvedFrontendUrl } from '../../src/platform/config';

function tempFile(content: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-config-'));
  const file = path.join(dir, 'fantasy.config.json');
  fs.writeFileSync(file, content);
  return file;
}

describe('configuration', () => {
  it.each([
    'localhost:8787',
    'fantasy.example.org',
    'https://fantasy.example.org',
    'http://127.0.0.1:8787/',
    'https://example.org/fantasy',
  ])('accepts the frontend %s', (frontendUrl) => {
    expect(parseConfig({ frontendUrl }).frontendUrl).toBe(frontendUrl);
  });

  it('accepts an encyclopedia site template and http(s) URLs of every outside system', () => {
    const config = parseConfig({
      encyclopedia: { siteUrl: 'http://127.0.0.1:9000/{domain}', metricsUrl: 'http://127.0.0.1:9000/metrics' },
      identityProvider: { redirectUrl: 'https://fantasy.example.org/auth/idp' },
      languageModel: { baseUrl: 'http://localhost:11434/v1' },
    });
    expect(config.encyclopedia.siteUrl).toBe('http://127.0.0.1:9000/{domain}');
  });

  it('has the documented defaults', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      environment: 'production',
      host: '127.0.0.1',
      port: 8787,
      databasePath: './data/fantasy.db',
      logLevel: 'info',
      passwordSignIn: true,
      passwords: { algorithm: 'pbkdf2-sha256' },
      trustProxy: false,
      limits: {
        registrationsPerAddress: 10,
        registrationWindowSeconds: 3600,
        codeAttemptsPerAddress: 30,
        codeAttemptWindowSeconds: 3600,
        loginFreeFailuresPerUsername: 5,
        loginFreeFailuresPerAddress: 20,
        loginFailureWindowSeconds: 900,
        loginFirstDelaySeconds: 1,
        loginMaxDelaySeconds: 300,
      },
      encyclopedia: { maxConcurrency: 3, metricsUrl: 'https://wikimedia.org/api/rest_v1/metrics', metaUrl: 'https://meta.wikimedia.org', siteUrl: 'https://{domain}.wikipedia.org' },
      issueTracker: { apiUrl: 'https://api.github.com' },
      scheduler: { enabled: true },
    });
    // unset, not defaulted: only an unconfigured frontend also admits the loopback origins
    expect(config.frontendUrl).toBeUndefined();
    expect(configuredFrontendUrl(config)).toBe('localhost:8787');
    expect(config.signingSecret).toBeUndefined();
    expect(config.serviceToken).toBeUndefined();
  });

  it('layers defaults < file < environment < flags', () => {
    const file = tempFile(JSON.stringify({ port: 1000, host: '0.0.0.0', environment: 'local', scheduler: { enabled: true } }));
    const config = loadConfig({ file, env: { FANTASY_PORT: '2000', FANTASY_SCHEDULER: '0' }, flags: { port: 3000 } });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.environment).toBe('local');
    expect(config.scheduler.enabled).toBe(false);
    expect(loadConfig({ file, env: { FANTASY_PORT: '2000' } }).port).toBe(2000);
  });

  it('reads ./fantasy.config.json when no file is named', () => {
    const file = tempFile(JSON.stringify({ port: 4321 }));
    expect(loadConfig({ cwd: path.dirname(file), env: {} }).port).toBe(4321);
  });

  it.each([
    [{ colour: 'blue' }, 'configuration key colour: unknown key'],
    [{ encyclopedia: { userAgnet: 'x' } }, 'configuration key encyclopedia.userAgnet: unknown key'],
    [{ port: '8787' }, 'configuration key port:'],
    [{ port: 70000 }, 'configuration key port:'],
    [{ passwordSignIn: 'yes' }, 'configuration key passwordSignIn:'],
    [{ signingSecret: 'too short' }, 'configuration key signingSecret: must be at least 32 characters'],
    [{ issueTracker: { repository: 'not a repo' } }, 'configuration key issueTracker.repository:'],
    [{ encyclopedia: { maxConcurrency: 4 } }, 'configuration key encyclopedia.maxConcurrency:'],
    [{ passwords: { algorithm: 'md5' } }, 'configuration key passwords.algorithm:'],
    [{ limits: { loginFailureWindowSeconds: 100_000 } }, 'configuration key limits.loginFailureWindowSeconds: at most a day'],
    [{ limits: { registrationsPerAddress: 0 } }, 'configuration key limits.registrationsPerAddress:'],
    // closed sets of values and URLs are checked at load, not when first used
    [{ environment: 'staging' }, 'configuration key environment:'],
    [{ environment: 'Production' }, 'configuration key environment:'],
    [{ frontendUrl: 'javascript:alert(1)' }, 'configuration key frontendUrl: must be an http(s) origin'],
    [{ frontendUrl: 'data:text/html,hi' }, 'configuration key frontendUrl:'],
    [{ frontendUrl: 'mailto:someone@example.org' }, 'configuration key frontendUrl:'],
    [{ frontendUrl: 'ftp://fantasy.example.org' }, 'configuration key frontendUrl:'],
    [{ frontendUrl: 'https://fantasy.example.org/?next=x' }, 'configuration key frontendUrl:'],
    [{ frontendUrl: 'fantasy example.org' }, 'configuration key frontendUrl:'],
    [{ identityProvider: { authorizeUrl: 'javascript:alert(1)' } }, 'configuration key identityProvider.authorizeUrl: must be an http:// or https:// URL'],
    [{ identityProvider: { tokenUrl: 'file:///etc/passwd' } }, 'configuration key identityProvider.tokenUrl:'],
    [{ identityProvider: { userinfoUrl: 'gopher://x' } }, 'configuration key identityProvider.userinfoUrl:'],
    [{ identityProvider: { redirectUrl: 'javascript:alert(1)' } }, 'configuration key identityProvider.redirectUrl:'],
    [{ encyclopedia: { siteUrl: 'javascript:{domain}' } }, 'configuration key encyclopedia.siteUrl:'],
    [{ encyclopedia: { metricsUrl: 'data:,x' } }, 'configuration key encyclopedia.metricsUrl:'],
    [{ encyclopedia: { metaUrl: 'ws://meta.example.org' } }, 'configuration key encyclopedia.metaUrl:'],
    [{ issueTracker: { apiUrl: 'javascript:alert(1)' } }, 'configuration key issueTracker.apiUrl:'],
    [{ languageModel: { baseUrl: 'file:///tmp/model' } }, 'configuration key languageModel.baseUrl:'],
  ])('refuses %j with one line naming the key', (input, message) => {
    expect(() => parseConfig(input)).toThrow(ConfigError);
    try {
      parseConfig(input);
    } catch (error) {
      expect((error as Error).message).toContain(message);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it.each([
    ['FANTASY_PORT', 'eighty', 'FANTASY_PORT: expected a number'],
    ['FANTASY_PASSWORD_SIGN_IN', 'yes', 'FANTASY_PASSWORD_SIGN_IN: expected true, false, 1 or 0'],
  ])('refuses %s=%s', (name, value, message) => {
    expect(() => loadConfig({ env: { [name]: value } })).toThrow(message);
  });

  it('maps every documented environment variable', () => {
    const env = {
      FANTASY_ENVIRONMENT: 'local',
      FANTASY_HOST: '0.0.0.0',
      FANTASY_PORT: '0',
      FANTASY_DATABASE_PATH: '/tmp/x.db',
      FANTASY_DATABASE_URL: 'postgres://fantasy:pw@db.example:5432/fantasy',
      FANTASY_LOG_LEVEL: 'debug',
      FANTASY_FRONTEND_URL: 'https://play.example',
      FANTASY_SIGNING_SECRET: 's'.repeat(32),
      FANTASY_SERVICE_TOKEN: 'tok',
      FANTASY_PASSWORD_SIGN_IN: 'false',
      FANTASY_PASSWORDS_ALGORITHM: 'argon2id',
      FANTASY_TRUST_PROXY: '1',
      FANTASY_SESSIONS_MAXIMUM_DAYS: '30',
      FANTASY_IDP_CLIENT_ID: 'cid',
      FANTASY_IDP_CLIENT_SECRET: 'csec',
      FANTASY_IDP_AUTHORIZE_URL: 'http://idp/a',
      FANTASY_IDP_TOKEN_URL: 'http://idp/t',
      FANTASY_IDP_USERINFO_URL: 'http://idp/u',
      FANTASY_IDP_REDIRECT_URL: 'http://idp/r',
      FANTASY_ENCYCLOPEDIA_SITE_URL: 'http://wiki/{domain}',
      FANTASY_ENCYCLOPEDIA_METRICS_URL: 'http://metrics',
      FANTASY_ENCYCLOPEDIA_META_URL: 'http://meta',
      FANTASY_ENCYCLOPEDIA_USER_AGENT: 'Me/1.0 (me@example.org)',
      FANTASY_ENCYCLOPEDIA_MAX_CONCURRENCY: '2',
      FANTASY_ISSUE_TRACKER_API_URL: 'http://gh',
      FANTASY_ISSUE_TRACKER_REPOSITORY: 'o/r',
      FANTASY_ISSUE_TRACKER_TOKEN: 'ghp',
      FANTASY_LLM_BASE_URL: 'http://llm/v1',
      FANTASY_LLM_MODEL: 'm',
      FANTASY_LLM_API_KEY: 'k',
      FANTASY_SCHEDULER: 'true',
      FANTASY_METRICS_TOKEN: 'metrics-token-0123456789',
      FANTASY_METRICS_PORT: '9464',
      FANTASY_OUTBOUND_ALLOW_PRIVATE_ADDRESSES: '1',
    };
    expect(loadConfig({ env })).toEqual({
      environment: 'local',
      host: '0.0.0.0',
      port: 0,
      databasePath: '/tmp/x.db',
      databaseUrl: 'postgres://fantasy:pw@db.example:5432/fantasy',
      logLevel: 'debug',
      frontendUrl: 'https://play.example',
      signingSecret: 's'.repeat(32),
      serviceToken: 'tok',
      passwordSignIn: false,
      passwords: { algorithm: 'argon2id' },
      trustProxy: true,
      sessions: { maximumDays: 30 },
      limits: parseConfig({}).limits,
      identityProvider: { clientId: 'cid', clientSecret: 'csec', authorizeUrl: 'http://idp/a', tokenUrl: 'http://idp/t', userinfoUrl: 'http://idp/u', redirectUrl: 'http://idp/r' },
      encyclopedia: { siteUrl: 'http://wiki/{domain}', metricsUrl: 'http://metrics', metaUrl: 'http://meta', userAgent: 'Me/1.0 (me@example.org)', maxConcurrency: 2 },
      issueTracker: { apiUrl: 'http://gh', repository: 'o/r', token: 'ghp' },
      languageModel: { baseUrl: 'http://llm/v1', model: 'm', apiKey: 'k' },
      scheduler: { enabled: true },
      outbound: { allowPrivateAddresses: true },
      metrics: { token: 'metrics-token-0123456789', port: 9464 },
    });
  });

  it('takes a postgres:// or postgresql:// databaseUrl and refuses anything else in one line that keeps its password', () => {
    for (const url of ['postgres://fantasy:pw@db.example:5432/fantasy', 'postgresql://db.example/fantasy?sslmode=require', 'POSTGRES://127.0.0.1/x']) {
      expect(parseConfig({ databaseUrl: url }).databaseUrl, url).toBe(url);
    }
    expect(parseConfig({ databaseUrl: null }).databaseUrl).toBeUndefined();
    const password = 'pg-password-5ecret';
    for (const url of [
      `mysql://fantasy:${password}@db.example/fantasy`,
      `http://fantasy:${password}@db.example/fantasy`,
      './data/fantasy.db',
      `postgres://:${password}@/fantasy`,
      'postgres://',
      '',
    ]) {
      try {
        loadConfig({ env: { FANTASY_DATABASE_URL: url }, cwd: os.tmpdir() });
        expect.unreachable(url);
      } catch (error) {
        expect(error, url).toBeInstanceOf(ConfigError);
        expect((error as Error).message).toBe('configuration key databaseUrl: must be a postgres:// or postgresql:// URL');
      }
    }
  });

  it('never puts a secret value in an error', () => {
    const secret = 'hunter2-hunter2-hunter2';
    try {
      parseConfig({ signingSecret: secret });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).not.toContain(secret);
    }
  });

  it('trustProxy: a boolean, a hop count or a list of proxies, also from the environment', () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ trustProxy: 2 }).trustProxy).toBe(2);
    expect(parseConfig({ trustProxy: ['10.0.0.0/8', '2001:db8::/32', 'loopback'] }).trustProxy).toEqual(['10.0.0.0/8', '2001:db8::/32', 'loopback']);
    expect(loadConfig({ env: { FANTASY_TRUST_PROXY: 'true' } }).trustProxy).toBe(true);
    expect(loadConfig({ env: { FANTASY_TRUST_PROXY: '0' } }).trustProxy).toBe(false);
    expect(loadConfig({ env: { FANTASY_TRUST_PROXY: '2' } }).trustProxy).toBe(2);
    expect(loadConfig({ env: { FANTASY_TRUST_PROXY: '10.0.0.1, 172.16.0.0/12' } }).trustProxy).toEqual(['10.0.0.1', '172.16.0.0/12']);
    expect(() => parseConfig({ trustProxy: ['10.0.0.0/33'] })).toThrow('configuration key trustProxy.0: must be an address, a CIDR range, loopback, linklocal or uniquelocal');
    expect(() => loadConfig({ env: { FANTASY_TRUST_PROXY: 'yes' } })).toThrow(/^configuration key trustProxy/);
    expect(() => parseConfig({ trustProxy: -1 })).toThrow(/^configuration key trustProxy/);
    expect(() => parseConfig({ trustProxy: [] })).toThrow(/^configuration key trustProxy/);
  });

  it('resolves a frontend URL without a scheme', () => {
    expect(resolvedFrontendUrl(parseConfig({ frontendUrl: 'localhost:8787' }))).toBe('http://localhost:8787');
    expect(resolvedFrontendUrl(parseConfig({ frontendUrl: 'play.example.org/' }))).toBe('https://play.example.org');
    expect(resolvedFrontendUrl(parseConfig({ frontendUrl: 'http://10.0.0.5:3000' }))).toBe('http://10.0.0.5:3000');
  });

  it('the example file lists every key with its default', () => {
    const example = JSON.parse(fs.readFileSync(path.join(__dirname, '../../fantasy.config.example.json'), 'utf8'));
    const config = parseConfig(example);
    expect(config.port).toBe(8787);
    const keys = (o: Record<string, unknown>, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (v !== null && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));
    expect(keys(example).sort()).toEqual(
      [
        'environment', 'host', 'port', 'databasePath', 'databaseUrl', 'logLevel', 'frontendUrl', 'signingSecret', 'serviceToken', 'passwordSignIn',
        'passwords.algorithm', 'trustProxy', 'sessions.maximumDays',
        'limits.registrationsPerAddress', 'limits.registrationWindowSeconds', 'limits.codeAttemptsPerAddress', 'limits.codeAttemptWindowSeconds',
        'limits.loginFreeFailuresPerUsername', 'limits.loginFreeFailuresPerAddress', 'limits.loginFailureWindowSeconds',
        'limits.loginFirstDelaySeconds', 'limits.loginMaxDelaySeconds',
        'identityProvider.clientId', 'identityProvider.clientSecret', 'identityProvider.authorizeUrl', 'identityProvider.tokenUrl', 'identityProvider.userinfoUrl', 'identityProvider.redirectUrl',
        'encyclopedia.siteUrl', 'encyclopedia.metricsUrl', 'encyclopedia.metaUrl', 'encyclopedia.userAgent', 'encyclopedia.maxConcurrency',
        'issueTracker.apiUrl', 'issueTracker.repository', 'issueTracker.token',
        'languageModel.baseUrl', 'languageModel.model', 'languageModel.apiKey',
        'scheduler.enabled', 'outbound.allowPrivateAddresses',
        'metrics.token', 'metrics.port',
      ].sort(),
    );
  });
});
