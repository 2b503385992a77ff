import type { Clock } from './clock';
import type { Logger } from './log';
import type { Database } from './db/database';
import type { EncyclopediaClient } from '../upstream/encyclopedia';

/** What a service that reads the store and the encyclopedia is built with (by the composition root). */
export interface EncyclopediaDeps {
  db: Database;
  clock: Clock;
  log: Logger;
  encyclopedia: EncyclopediaClient;
}
