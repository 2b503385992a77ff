export type { DailyViews, Edition, EncyclopediaClient, SiteInfo, TopRow } from './types';
export { createEncyclopediaClient, type EncyclopediaClientOptions } from './http-encyclopedia-client';
