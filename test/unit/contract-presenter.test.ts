import { describe, expect, it } from 'vitest';
import { price } from '../../src/domain/pricing';
import { contractViews, liveAverageKey } from '../../src/features/contracts/presenter';
import type { Team } from '../../src/features/leagues/wire-teams';
import type { ContractRow } from '../../src/features/contracts/store';

const team: Team = { id: 'tm_a', name: 'Alice FC', credits: 700, player: { id: 'pl_a', name: 'alice' } };

function row(overrides: Partial<ContractRow>): ContractRow {
  return {
    id: 'ct_1',
    leagueId: 'lg_1',
    teamId: 'tm_a',
    articleId: 'Ada_Lovelace',
    domain: 'en.wikipedia.org',
    heldSince: '2026-05-01',
    purchaseDate: '2026-05-01',
    expireDate: '2026-05-15',
    purchasePrice: 120,
    renewalCount: 0,
    renewalElected: false,
    status: 'live',
    salePayout: null,
    closedOn: null,
    createdAt: '2026-05-01T10:00:00.000Z',
    ...overrides,
  };
}

describe('contract presenter (pure: everything it shows is handed in)', () => {
  const inputs = {
    teams: new Map([[team.id, team]]),
    languageScales: new Map([['lg_1', 2]]),
    liveAverages: new Map([[liveAverageKey('en.wikipedia.org', 'Ada_Lovelace'), 5_000]]),
  };

  it('prices a live contract from the handed-in average and its league scale, over its own term', () => {
    const [view] = contractViews([row({})], inputs, '2026-05-10');
    expect(view).toMatchObject({ id: 'ct_1', team, tier: 'LONG', duration: 'P14D', status: 'live', article: { title: 'Ada Lovelace' } });
    expect(view!.currentPrice).toBe(price(5_000, 2, 14));
  });

  it('shows no current price when the average is not cached, nor for a sold contract', () => {
    const uncached = contractViews([row({ articleId: 'Grace_Hopper' })], inputs, '2026-05-10');
    const sold = contractViews([row({ status: 'sold', salePayout: 80, closedOn: '2026-05-05' })], inputs, '2026-05-10');
    expect(uncached[0]!.currentPrice).toBeNull();
    expect(sold[0]).toMatchObject({ currentPrice: null, status: 'sold', salePayout: 80 });
  });

  it('leaves out a contract whose team it was not given', () => {
    expect(contractViews([row({ teamId: 'tm_gone' }), row({ id: 'ct_2' })], inputs, '2026-05-10').map((v) => v.id)).toEqual(['ct_2']);
  });
});
