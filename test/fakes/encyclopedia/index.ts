export {
  startFakeEncyclopedia,
  type FakeEncyclopedia,
  type FakeEncyclopediaOptions,
  type FakeEncyclopediaRequest,
} from './fake-encyclopedia-server';
export { FakeEncyclopediaData, type FakeDailyViews, type FakeTopRow, type FakeEncyclopediaDataOptions } from './fake-data';
export { FakeFaults, type FakeFault, type FakeFaultRule, type FakeEncyclopediaRoute } from './fake-faults';
export type { FakeSitematrixGroup, FakeSitematrixSite, FakeLinkSite } from './default-content';
export type { FakeSiteInfo, FakeNamespace, FakeAlias } from './site-namespaces';
