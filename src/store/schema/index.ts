export * from './players';
export * from './leagues';
export * from './contracts';
export * from './lineups';
export * from './performances';
export * from './notifications';
export * from './caches';
