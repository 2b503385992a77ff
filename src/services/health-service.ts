import { fail } from '../domain/errors';
import { type Database, databaseAnswers } from '../store/database';

/** What a load balancer or a container's health check asks: can this process serve now? */
export class HealthService {
  constructor(private readonly db: Database) {}

  /** `{ status: "ok" }`, or 503 DATABASE_UNAVAILABLE when the database does not answer. */
  async check(): Promise<{ status: 'ok' }> {
    if (!(await databaseAnswers(this.db))) fail('DATABASE_UNAVAILABLE');
    return { status: 'ok' };
  }
}
