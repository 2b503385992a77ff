import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { explainConfig, isSecretKey, MASK } from '../../src/platform/config-report';
import { runCliCaptured } from '../support/cli';

const SECRETS = {
  signingSecret: 'file-signing-secret-0123456789-abcdef',
  serviceToken: 'env-service-token-7f3a',
  clientSecret: 'file-idp-client-secret-91b2',
  trackerToken: 'env-tracker-token-c0ffee',
  llmKey: 'file-llm-api-key-5e5e',
  metricsToken: 'env-metrics-token-0123456789',
  urlPassword: 'url-password-d00d',
  databasePassword: 'pg-pass-w0rd:with@signs',
};

function writeConfigFile(contents: unknown): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-config-'));
  const file = path.join(dir, 'fantasy.config.json');
  fs.writeFileSync(file, JSON.stringify(contents));
  return file;
}

const FILE = () =>
  writeConfigFile({
    port: 9000,
    signingSecret: SECRETS.signingSecret,
    identityProvider: { clientId: 'public-client-id', clientSecret: SECRETS.clientSecret },
    languageModel: { baseUrl: `https://gateway:${SECRETS.urlPassword}@llm.example/v1`, apiKey: SECRETS.llmKey },
    scheduler: { enabled: null },
  });

const ENV = {
  FANTASY_SERVICE_TOKEN: SECRETS.serviceToken,
  FANTASY_ISSUE_TRACKER_TOKEN: SECRETS.trackerToken,
  FANTASY_METRICS_TOKEN: SECRETS.metricsToken,
  FANTASY_HOST: '0.0.0.0',
  FANTASY_DATABASE_URL: `postgres://fantasy:${encodeURIComponent(SECRETS.databasePassword)}@db.example:5432/fantasy?sslmode=require`,
};

const saved = new Map<string, string | undefined>();
function setEnv(values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    saved.set(name, process.env[name]);
    process.env[name] = value;
  }
}
afterEach(() => {
  for (const [name, value] of saved) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  saved.clear();
});

describe('fantasy config', () => {
  it('names the source of each value: default, file, environment, flag', () => {
    const { entries } = explainConfig({ file: FILE(), env: { ...ENV, FANTASY_PORT: '9100' }, flags: { database: '/srv/fantasy.db' } });
    const byKey = Object.fromEntries(entries.map((entry) => [entry.key, entry]));
    expect(byKey['environment']).toMatchObject({ value: 'production', source: 'default' });
    expect(byKey['identityProvider.clientId']).toMatchObject({ value: 'public-client-id', source: 'file' });
    expect(byKey['host']).toMatchObject({ value: '0.0.0.0', source: 'environment' });
    // the environment wins over the file, a flag over both
    expect(byKey['port']).toMatchObject({ value: 9100, source: 'environment' });
    expect(byKey['databasePath']).toMatchObject({ value: '/srv/fantasy.db', source: 'flag' });
    // null in the file is "not set": the default applies
    expect(byKey['scheduler.enabled']).toMatchObject({ value: true, source: 'default' });
    expect(byKey['languageModel.model']).toMatchObject({ value: null, source: 'default' });
    expect(byKey['signingSecret']).toMatchObject({ value: MASK, source: 'file', secret: true });
    expect(byKey['metrics.token']).toMatchObject({ value: MASK, source: 'environment', secret: true });
  });

  it('lists every key of the configuration', () => {
    const example = JSON.parse(fs.readFileSync(path.join(__dirname, '../../fantasy.config.example.json'), 'utf8'));
    const keys = (o: Record<string, unknown>, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (v !== null && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));
    expect(explainConfig({ env: {}, cwd: os.tmpdir() }).entries.map((entry) => entry.key).sort()).toEqual(keys(example).sort());
  });

  it('treats keys named like secrets as secrets, and only those', () => {
    for (const key of ['signingSecret', 'serviceToken', 'identityProvider.clientSecret', 'issueTracker.token', 'languageModel.apiKey', 'metrics.token', 'auth.passwordPepper']) {
      expect(isSecretKey(key), key).toBe(true);
    }
    for (const key of ['passwordSignIn', 'identityProvider.tokenUrl', 'identityProvider.clientId', 'encyclopedia.userAgent']) {
      expect(isSecretKey(key), key).toBe(false);
    }
  });

  it.each([[[]], [['--json']]])('never prints a secret (%j)', async (extra) => {
    setEnv(ENV);
    const result = await runCliCaptured(['--config', FILE(), 'config', ...extra]);
    expect(result.code).toBe(0);
    const printed = result.stdout + result.stderr;
    for (const secret of Object.values(SECRETS)) expect(printed).not.toContain(secret);
    expect(printed).toContain('public-client-id');
    expect(printed).toContain(`https://${MASK}@llm.example/v1`);
    // the database URL keeps what tells the operator which database it is, never its password
    expect(printed).toContain(`postgres://fantasy:${MASK}@db.example:5432/fantasy?sslmode=require`);
    expect(printed).not.toContain(encodeURIComponent(SECRETS.databasePassword));
    if (extra.length) {
      const { keys } = JSON.parse(result.stdout);
      expect(keys['serviceToken']).toEqual({ value: MASK, source: 'environment' });
    } else {
      expect(result.stdout).toMatch(/^serviceToken\s+\*{8}\s+\[environment\]$/m);
      expect(result.stdout).toMatch(/^port\s+9000\s+\[file\]$/m);
    }
  });
});
