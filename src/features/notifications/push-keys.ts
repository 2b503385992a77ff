import type { Logger } from '../../platform/log';
import type { Database } from '../../platform/db/database';
import { readSetting, writeSettingOnce } from '../../platform/db/settings';
import { generateVapidKeys, type VapidKeys } from '../../upstream/push-service';

const SETTING_KEY = 'push.vapidKeys';

/**
 /** Kept in the database, so browsers' subscriptions (bound to the public key) survive restarts. */
export async function resolveVapidKeys(db: Database, log: Logger): Promise<VapidKeys> {
  const stored = await readSetting(db, SETTING_KEY);
  if (stored) return JSON.parse(stored) as VapidKeys;
  const kept = await writeSettingOnce(db, SETTING_KEY, JSON.stringify(generateVapidKeys()));
  log.info('made a VAPID key pair for Web Push and stored it in the database');
  return JSON.parse(kept) as VapidKeys;
}
