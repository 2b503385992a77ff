import type { Database } from '../../platform/db/database';
import { selectRows } from '../../platform/db/statements';

/** Leagues whose points or teams changed since their ranks were last written. */
export async function staleRankedLeagues(db: Database): Promise<string[]> {
  return (await selectRows<{ id: string }>(db, 'SELECT id FROM leagues WHERE ranks_stale ORDER BY id')).map((row) => row.id);
}
