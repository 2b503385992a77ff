export type { DailyViews, Edition, EncyclopediaClient, SiteInfo, TopRow } from './types';
export { createEncyclopediaClient, HttpEncyclopediaClient, type EncyclopediaClientOptions } from './http-encyclopedia-client';
export { sharedEncyclopediaLimiter } from './shared-limiter';
export { encodeTitleForPath } from './titles-in-urls';
