import { defineConfig } from 'drizzle-kit';

// PostgreSQL's own migrations, from the twin schema in src/platform/db/schema/postgres (the SQLite
// ones come from drizzle.config.ts). `npm run db:generate:postgres` writes ./migrations-postgres.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/platform/db/schema/postgres/index.ts',
  out: './migrations-postgres',
});
