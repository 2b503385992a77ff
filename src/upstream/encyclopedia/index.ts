export type { DailyViews, Edition, EncyclopediaClient, PageSummary, SearchHit, SiteInfo, TopRow } from './types';
export { createEncyclopediaClient, type EncyclopediaClientOptions } from './http-encyclopedia-client';
