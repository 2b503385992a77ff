/** Defaults < JSON file < FANTASY_* environment < flags; an unknown key or wrong type stops start-up in one line, never quoting a secret. */
import fs from 'node:fs';
import proxyaddr from 'proxy-addr';
import { z } from 'zod';
import { isPostgresUrl } from './database-url';
import { LOG_LEVELS } from './log';

export const DEFAULT_USER_AGENT = 'ArticleFantasyLeague/1.0 (self-hosted; set encyclopedia.userAgent to your contact address)';
/** When none is configured the service's own loopback names count as well. */
export const DEFAULT_FRONTEND_URL = 'localhost:8787';

const optionalSecret = z.string().optional();

const WEB_SCHEME = /^https?:\/\//i;

/** `javascript:`, `file:` and the like are refused at load. */
function isWebUrl(text: string): boolean {
  if (!WEB_SCHEME.test(text)) return false;
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
}

const webUrl = z.string().refine(isWebUrl, 'must be an http:// or https:// URL');

/** With or without its scheme; never credentials, a query or a fragment, and no scheme but http(s). */
function isFrontendUrl(text: string): boolean {
  if (/\s/.test(text) || (/^[a-z][a-z0-9+.-]*:\/\//i.test(text) && !WEB_SCHEME.test(text))) return false;
  const absolute = WEB_SCHEME.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(absolute);
    return url.hostname !== '' && url.username === '' && url.password === '' && url.search === '' && url.hash === '';
  } catch {
    return false;
  }
}

function isProxyAddress(text: string): boolean {
  try {
    proxyaddr.compile(text);
    return true;
  } catch {
    return false;
  }
}

export const configSchema = z
  .object({
    // `test` is what the test suite runs as; any other word is a typo the operator should hear of
    environment: z.enum(['production', 'local', 'test']).default('production'),
    host: z.string().min(1).default('127.0.0.1'),
    port: z.number().int().min(0).max(65535).default(8787),
    databasePath: z.string().min(1).default('./data/fantasy.db'),
    // `warn` keeps a busy server's one line per request out
    logLevel: z.enum(LOG_LEVELS).default('info'),
    // The message never quotes the value: its password is a secret.
    databaseUrl: z.string().refine(isPostgresUrl, 'must be a postgres:// or postgresql:// URL').optional(),
    // Unset rather than defaulted, so the service can tell "configured" from "the default".
    frontendUrl: z
      .string()
      .min(1)
      .refine(isFrontendUrl, 'must be an http(s) origin such as https://fantasy.example.org or localhost:8787')
      .optional(),
    signingSecret: z
      .string()
      .refine((s) => s === '' || s.length >= 32, 'must be at least 32 characters (or empty for none)')
      .optional(),
    serviceToken: optionalSecret,
    passwordSignIn: z.boolean().default(true),
    passwords: z
      .object({
        algorithm: z.enum(['pbkdf2-sha256', 'argon2id']).default('pbkdf2-sha256'),
      })
      .strict()
      .prefault({}),
    // true: one reverse proxy in front; a number: that many; a list: the proxies' addresses and CIDR ranges (proxy-addr)
    trustProxy: z
      .union([
        z.boolean(),
        z.number().int().min(0).max(32),
        z.array(z.string().refine(isProxyAddress, 'must be an address, a CIDR range, loopback, linklocal or uniquelocal')).min(1),
      ])
      .default(false),
    // Sessions slide (7-day tokens renewed after half); none outlives this many days from its sign-in.
    sessions: z
      .object({
        maximumDays: z.number().int().min(7).max(3650).default(90),
      })
      .strict()
      .prefault({}),
    limits: z
      .object({
        registrationsPerAddress: z.number().int().min(1).default(10),
        registrationWindowSeconds: z.number().int().min(1).max(86_400, 'at most a day (attempts are kept a day)').default(3600),
        codeAttemptsPerAddress: z.number().int().min(1).default(30),
        codeAttemptWindowSeconds: z.number().int().min(1).max(86_400, 'at most a day (attempts are kept a day)').default(3600),
        loginFreeFailuresPerUsername: z.number().int().min(1).default(5),
        loginFreeFailuresPerAddress: z.number().int().min(1).default(20),
        loginFailureWindowSeconds: z.number().int().min(1).max(86_400, 'at most a day (attempts are kept a day)').default(900),
        loginFirstDelaySeconds: z.number().int().min(1).default(1),
        loginMaxDelaySeconds: z.number().int().min(1).max(86_400).default(300),
      })
      .strict()
      .prefault({}),
    identityProvider: z
      .object({
        clientId: z.string().optional(),
        clientSecret: optionalSecret,
        authorizeUrl: webUrl.default('https://accounts.google.com/o/oauth2/v2/auth'),
        tokenUrl: webUrl.default('https://oauth2.googleapis.com/token'),
        userinfoUrl: webUrl.default('https://openidconnect.googleapis.com/v1/userinfo'),
        redirectUrl: webUrl.optional(),
      })
      .strict()
      .prefault({}),
    encyclopedia: z
      .object({
        siteUrl: z
          .string()
          .refine((template) => isWebUrl(template.replaceAll('{domain}', 'en')), 'must be an http:// or https:// URL ({domain} stands for the edition code)')
          .default('https://{domain}.wikipedia.org'),
        metricsUrl: webUrl.default('https://wikimedia.org/api/rest_v1/metrics'),
        metaUrl: webUrl.default('https://meta.wikimedia.org'),
        userAgent: z.string().trim().min(1, 'must name the operator and a contact').default(DEFAULT_USER_AGENT),
        maxConcurrency: z.number().int().min(1).max(3).default(3),
      })
      .strict()
      .prefault({}),
    issueTracker: z
      .object({
        apiUrl: webUrl.default('https://api.github.com'),
        repository: z
          .string()
          .regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, 'must be owner/name')
          .optional(),
        token: optionalSecret,
      })
      .strict()
      .prefault({}),
    languageModel: z
      .object({
        baseUrl: webUrl.optional(),
        model: z.string().min(1).optional(),
        apiKey: optionalSecret,
      })
      .strict()
      .prefault({}),
    scheduler: z
      .object({
        enabled: z.boolean().default(true),
      })
      .strict()
      .prefault({}),
    // Player-given addresses may not reach loopback, private or link-local hosts (the operator's network) by default.
    outbound: z
      .object({
        allowPrivateAddresses: z.boolean().default(false),
      })
      .strict()
      .prefault({}),
    // Off unless set: a bearer token on the main listener, and/or a loopback port of its own (no token there).
    metrics: z
      .object({
        token: z.string().min(16, 'must be at least 16 characters').optional(),
        port: z.number().int().min(0).max(65535).optional(),
      })
      .strict()
      .prefault({}),
  })
  .strict();

export type Config = z.infer<typeof configSchema>;
export type ConfigInput = z.input<typeof configSchema>;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type EnvKind = 'string' | 'number' | 'boolean' | 'trust-proxy';
/** environment variable → [config path, type] */
export const ENVIRONMENT: Record<string, [string[], EnvKind]> = {
  FANTASY_ENVIRONMENT: [['environment'], 'string'],
  FANTASY_HOST: [['host'], 'string'],
  FANTASY_PORT: [['port'], 'number'],
  FANTASY_DATABASE_PATH: [['databasePath'], 'string'],
  FANTASY_DATABASE_URL: [['databaseUrl'], 'string'],
  FANTASY_LOG_LEVEL: [['logLevel'], 'string'],
  FANTASY_FRONTEND_URL: [['frontendUrl'], 'string'],
  FANTASY_SIGNING_SECRET: [['signingSecret'], 'string'],
  FANTASY_SERVICE_TOKEN: [['serviceToken'], 'string'],
  FANTASY_PASSWORD_SIGN_IN: [['passwordSignIn'], 'boolean'],
  FANTASY_PASSWORDS_ALGORITHM: [['passwords', 'algorithm'], 'string'],
  FANTASY_TRUST_PROXY: [['trustProxy'], 'trust-proxy'],
  FANTASY_SESSIONS_MAXIMUM_DAYS: [['sessions', 'maximumDays'], 'number'],
  FANTASY_IDP_CLIENT_ID: [['identityProvider', 'clientId'], 'string'],
  FANTASY_IDP_CLIENT_SECRET: [['identityProvider', 'clientSecret'], 'string'],
  FANTASY_IDP_AUTHORIZE_URL: [['identityProvider', 'authorizeUrl'], 'string'],
  FANTASY_IDP_TOKEN_URL: [['identityProvider', 'tokenUrl'], 'string'],
  FANTASY_IDP_USERINFO_URL: [['identityProvider', 'userinfoUrl'], 'string'],
  FANTASY_IDP_REDIRECT_URL: [['identityProvider', 'redirectUrl'], 'string'],
  FANTASY_ENCYCLOPEDIA_SITE_URL: [['encyclopedia', 'siteUrl'], 'string'],
  FANTASY_ENCYCLOPEDIA_METRICS_URL: [['encyclopedia', 'metricsUrl'], 'string'],
  FANTASY_ENCYCLOPEDIA_META_URL: [['encyclopedia', 'metaUrl'], 'string'],
  FANTASY_ENCYCLOPEDIA_USER_AGENT: [['encyclopedia', 'userAgent'], 'string'],
  FANTASY_ENCYCLOPEDIA_MAX_CONCURRENCY: [['encyclopedia', 'maxConcurrency'], 'number'],
  FANTASY_ISSUE_TRACKER_API_URL: [['issueTracker', 'apiUrl'], 'string'],
  FANTASY_ISSUE_TRACKER_REPOSITORY: [['issueTracker', 'repository'], 'string'],
  FANTASY_ISSUE_TRACKER_TOKEN: [['issueTracker', 'token'], 'string'],
  FANTASY_LLM_BASE_URL: [['languageModel', 'baseUrl'], 'string'],
  FANTASY_LLM_MODEL: [['languageModel', 'model'], 'string'],
  FANTASY_LLM_API_KEY: [['languageModel', 'apiKey'], 'string'],
  FANTASY_SCHEDULER: [['scheduler', 'enabled'], 'boolean'],
  FANTASY_OUTBOUND_ALLOW_PRIVATE_ADDRESSES: [['outbound', 'allowPrivateAddresses'], 'boolean'],
  FANTASY_METRICS_TOKEN: [['metrics', 'token'], 'string'],
  FANTASY_METRICS_PORT: [['metrics', 'port'], 'number'],
};

function convert(name: string, raw: string, kind: EnvKind): unknown {
  if (kind === 'string') return raw;
  // a boolean as every boolean variable spells it, a hop count, or a comma-separated list
  if (kind === 'trust-proxy') {
    if (['true', 'false', '1', '0'].includes(raw)) return convert(name, raw, 'boolean');
    if (/^\d+$/.test(raw)) return Number(raw);
    return raw.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  }
  if (kind === 'number') {
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n)) throw new ConfigError(`${name}: expected a number`);
    return n;
  }
  if (['true', '1'].includes(raw)) return true;
  if (['false', '0'].includes(raw)) return false;
  throw new ConfigError(`${name}: expected true, false, 1 or 0`);
}

function setPath(target: Record<string, unknown>, keys: string[], value: unknown): void {
  let node = target;
  for (const key of keys.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]] = value;
}

export interface LoadOptions {
  file?: string;
  env?: NodeJS.ProcessEnv;
  flags?: { port?: number; host?: string; database?: string };
  cwd?: string;
}

export function configFilePath(options: LoadOptions = {}): string | undefined {
  const defaultFile = `${options.cwd ?? process.cwd()}/fantasy.config.json`;
  return options.file ?? (fs.existsSync(defaultFile) ? defaultFile : undefined);
}

export function loadConfig(options: LoadOptions = {}): Config {
  const env = options.env ?? process.env;
  let input: Record<string, unknown> = {};
  const file = configFilePath(options);
  if (file) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      throw new ConfigError(`config file ${file}: cannot be read`);
    }
    try {
      input = JSON.parse(text);
    } catch {
      throw new ConfigError(`config file ${file}: not valid JSON`);
    }
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      throw new ConfigError(`config file ${file}: must hold a JSON object`);
    }
  }
  for (const [name, [keys, kind]] of Object.entries(ENVIRONMENT)) {
    const raw = env[name];
    if (raw !== undefined) setPath(input, keys, convert(name, raw, kind));
  }
  if (options.flags?.port !== undefined) input.port = options.flags.port;
  if (options.flags?.host !== undefined) input.host = options.flags.host;
  if (options.flags?.database !== undefined) input.databasePath = options.flags.database;
  return parseConfig(input);
}

/** Tests build one directly. */
export function parseConfig(input: unknown): Config {
  const result = configSchema.safeParse(withoutNulls(input));
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const key =
    issue.code === 'unrecognized_keys'
      ? [...issue.path, issue.keys[0]].join('.')
      : issue.path.join('.') || '(root)';
  const problem = issue.code === 'unrecognized_keys' ? 'unknown key' : issue.message;
  throw new ConfigError(`configuration key ${key}: ${problem}`);
}

/** `null` means "not set" (the example file lists unset keys that way). */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value) || typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

/** What `GET /` echoes as FRONTEND_URL. */
export function configuredFrontendUrl(config: Config): string {
  return config.frontendUrl ?? DEFAULT_FRONTEND_URL;
}

/** `localhost:8787` → `http://localhost:8787`. */
export function resolvedFrontendUrl(config: Config): string {
  const raw = configuredFrontendUrl(config).replace(/\/+$/, '');
  if (/^https?:\/\//i.test(raw)) return raw;
  const host = raw.split('/')[0].split(':')[0];
  const local = host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');
  return `${local ? 'http' : 'https'}://${raw}`;
}

export function frontendOrigin(config: Config): string {
  return new URL(resolvedFrontendUrl(config)).origin;
}

export function identityRedirectUrl(config: Config): string {
  return config.identityProvider.redirectUrl ?? `${resolvedFrontendUrl(config)}/auth/idp`;
}

export function editionSiteUrl(config: Config, domain: string): string {
  return config.encyclopedia.siteUrl.replaceAll('{domain}', domain).replace(/\/+$/, '');
}
