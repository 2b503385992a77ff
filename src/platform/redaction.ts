/** By rule, not by each caller's care: secret-named keys are masked, and known secret values wherever they turn up. */
import type { Config } from './config';
import { databaseUrlPasswords } from './database-url';

export const MASK = '********';

/** So a key added later under one of these words is masked without a list to update. */
const SECRET_NAME = /(secret|token|apikey|password|passphrase|pepper|credentials?|privatekey|authorization|cookie)$/i;

export function isSecretName(key: string): boolean {
  return SECRET_NAME.test(key);
}

/** Masking every occurrence of a few characters would garble lines, and a secret that short is no secret. */
const MIN_SECRET_LENGTH = 8;

export class SecretValues {
  private readonly values: string[] = [];

  constructor(values: readonly (string | null | undefined)[] = []) {
    this.add(...values);
  }

  add(...values: readonly (string | null | undefined)[]): void {
    for (const value of values) {
      if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH) continue;
      // as written, and as it reads inside a JSON string once escaped
      for (const form of [value, JSON.stringify(value).slice(1, -1)]) if (!this.values.includes(form)) this.values.push(form);
    }
    // the longest first, so a secret containing another is masked whole
    this.values.sort((a, b) => b.length - a.length);
  }

  redact(text: string): string {
    let out = text;
    for (const value of this.values) if (out.includes(value)) out = out.split(value).join(MASK);
    return out;
  }
}

export function configSecretValues(config: Config): string[] {
  return [
    config.signingSecret,
    config.serviceToken,
    config.identityProvider.clientSecret,
    config.issueTracker.token,
    config.languageModel.apiKey,
    config.metrics.token,
    ...(config.databaseUrl ? databaseUrlPasswords(config.databaseUrl) : []),
  ].filter((value): value is string => typeof value === 'string');
}

const secretKeys = new Map<string, boolean>();

function secretKey(key: string): boolean {
  let secret = secretKeys.get(key);
  if (secret === undefined) {
    secret = isSecretName(key);
    // field names come from our code, a small set
    if (secretKeys.size < 10_000) secretKeys.set(key, secret);
  }
  return secret;
}

function isPlain(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Any depth of plain objects and arrays; the very object when nothing is masked, so the usual line allocates nothing. */
export function withoutSecretFields<T>(fields: T): T {
  if (Array.isArray(fields)) {
    let copy: unknown[] | undefined;
    fields.forEach((item, i) => {
      const masked = withoutSecretFields(item);
      if (masked !== item) (copy ??= [...fields])[i] = masked;
    });
    return (copy ?? fields) as T;
  }
  if (!isPlain(fields)) return fields;
  let copy: Record<string, unknown> | undefined;
  for (const key in fields) {
    const value = fields[key];
    const masked = value !== undefined && value !== null && secretKey(key) ? MASK : withoutSecretFields(value);
    if (masked !== value) (copy ??= { ...fields })[key] = masked;
  }
  return (copy ?? fields) as T;
}
