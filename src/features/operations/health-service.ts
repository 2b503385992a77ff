import { type Database, databaseAnswers } from '../../platform/db/database';
import { unavailableFailure } from '../../platform/db/database-errors';

export class HealthService {
  constructor(private readonly db: Database) {}

  /** 503 DATABASE_UNAVAILABLE (with Retry-After) when the database does not answer. */
  async check(): Promise<{ status: 'ok' }> {
    if (!(await databaseAnswers(this.db))) throw unavailableFailure();
    return { status: 'ok' };
  }
}
