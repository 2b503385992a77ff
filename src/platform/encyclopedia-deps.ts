import type { Clock } from './clock';
import type { Logger } from './log';
import type { Database } from './db/database';
import type { EncyclopediaClient } from '../upstream/encyclopedia';

export interface EncyclopediaDeps {
  db: Database;
  clock: Clock;
  log: Logger;
  encyclopedia: EncyclopediaClient;
}
