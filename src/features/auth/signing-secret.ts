import crypto from 'node:crypto';
import type { Config } from '../../platform/config';
import type { Logger } from '../../platform/log';
import type { Database } from '../../platform/db/database';
import { readSetting, writeSettingOnce } from '../../platform/db/settings';

const SETTING_KEY = 'session.signingSecret';

/** Unset: generated once and kept, so sessions survive restarts. Explicitly empty: no secret, and minting a session answers 500. */
export async function resolveSigningSecret(config: Config, db: Database, log: Logger): Promise<string | null> {
  if (config.signingSecret === '') return null;
  if (config.signingSecret !== undefined) return config.signingSecret;
  const stored = await readSetting(db, SETTING_KEY);
  if (stored) return stored;
  const secret = writeSettingOnce(db, SETTING_KEY, crypto.randomBytes(48).toString('base64url'));
  log.info('no signingSecret configured: generated one and stored it in the database; sessions survive restarts');
  return secret;
}
