/** The value shown is the validated one, so what is printed is what runs; secrets masked. */
import fs from 'node:fs';
import { z } from 'zod';
import { type Config, configFilePath, configSchema, ENVIRONMENT, type LoadOptions, loadConfig } from './config';
import { maskDatabaseUrl } from './database-url';
import { isSecretName, MASK } from './redaction';

export type ConfigSource = 'default' | 'file' | 'environment' | 'flag';

export interface ConfigEntry {
  key: string;
  /** null when unset; a masked string for a set secret */
  value: unknown;
  source: ConfigSource;
  secret: boolean;
}

export { MASK };

/** By name, so a key added later under one of these words is masked without a list to update. */
export function isSecretKey(key: string): boolean {
  return isSecretName(key.split('.').at(-1)!);
}

function leafKeys(schema: z.ZodType, prefix: string[] = []): string[][] {
  let node = schema;
  while (node instanceof z.ZodDefault || node instanceof z.ZodPrefault || node instanceof z.ZodOptional) node = node.unwrap() as z.ZodType;
  if (!(node instanceof z.ZodObject)) return [prefix];
  return Object.entries(node.shape as Record<string, z.ZodType>).flatMap(([key, child]) => leafKeys(child, [...prefix, key]));
}

function at(value: unknown, path: string[]): unknown {
  let node = value;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Can carry a password (an LLM gateway's, say): never printed. */
function withoutUserInfo(value: unknown): unknown {
  if (typeof value !== 'string' || !/^[a-z][a-z0-9+.-]*:\/\/[^/]*@/i.test(value)) return value;
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/]*@/i, `$1${MASK}@`);
}

export function explainConfig(options: LoadOptions = {}): { file: string | undefined; entries: ConfigEntry[] } {
  const config: Config = loadConfig(options);
  const env = options.env ?? process.env;
  const file = configFilePath(options);
  // loadConfig has read and checked the file already
  const fileInput: unknown = file ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const envKeys = new Set(Object.entries(ENVIRONMENT).filter(([name]) => env[name] !== undefined).map(([, [path]]) => path.join('.')));
  const flagKeys = new Set<string>();
  if (options.flags?.port !== undefined) flagKeys.add('port');
  if (options.flags?.host !== undefined) flagKeys.add('host');
  if (options.flags?.database !== undefined) flagKeys.add('databasePath');

  const entries = leafKeys(configSchema).map((path): ConfigEntry => {
    const key = path.join('.');
    const secret = isSecretKey(key);
    const raw = at(config, path);
    const source: ConfigSource = flagKeys.has(key)
      ? 'flag'
      : envKeys.has(key)
        ? 'environment'
        : at(fileInput, path) !== undefined && at(fileInput, path) !== null
          ? 'file'
          : 'default';
    const value =
      raw === undefined
        ? null
        : secret
          ? raw === '' ? '(empty)' : MASK
          : key === 'databaseUrl'
            ? maskDatabaseUrl(raw as string) // the user, host and database help; the password never shows
            : withoutUserInfo(raw);
    return { key, value, source, secret };
  });
  return { file, entries };
}
