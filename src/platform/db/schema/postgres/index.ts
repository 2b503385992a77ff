/** The PostgreSQL schema: table for table the SQLite one in ../schema (drizzle pg-core). */
export * from './players';
export * from './leagues';
export * from './contracts';
export * from './lineups';
export * from './performances';
export * from './notifications';
export * from './caches';
export * from './head-to-head';
export * from './activity';
export * from './outbound';
export * from './reports';
