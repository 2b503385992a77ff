/**
 * The money repositories (contracts, ledger, the sweep's set writes) answer the same on SQLite
 * and on PostgreSQL: the buy's guarded INSERT refuses a held article, a price above the
 * team's credits and a full team, writing nothing, and holds when buyers race; the sweep's
 * guarded UPDATEs settle and renew only what is still live on the term priced, and undo the
 * whole set when a guard holds for fewer rows than asked.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_ACTIVE_CONTRACTS, STARTING_CREDITS } from '../../src/domain/pricing';
import {
  contractsByIds,
  contractsDueForSettlement,
  contractsOfTeam,
  contractsOfTeams,
  currentTeamHoldingAny,
  findContract,
  liveContractOnArticle,
  liveContractsOfLeague,
  liveContractsOfTeam,
  liveHoldersOf,
  markSold,
  type NewContract,
  setRenewalElected,
} from '../../src/features/contracts/store';
import { insertContractIfAllowed, readBuyContext } from '../../src/features/contracts/buy-store';
import { type Database, writeTransaction } from '../../src/platform/db/database';
import { first, tablesOf } from '../../src/platform/db/dialect';
import { creditsOf, creditsOfTeams, recordLedgerEntry } from '../../src/features/contracts/ledger-store';
import { insertPlayer } from '../../src/features/auth/store';
import { bumpLeagueVersions, contractsNow, ledgerSumsOf, recordLedgerEntries, settleAndRenew } from '../../src/features/contracts/settlement-store';
import { ENGINES, useBothStores } from '../support/both-stores';

const stores = useBothStores();

const AT = '2026-05-01T00:00:00.000Z';
const TODAY = '2026-05-10';

/** Two leagues; Ada's and Bob's teams in the first, Ada's in the second. */
async function world(db: Database) {
  for (const name of ['Ada', 'Bob']) {
    await insertPlayer(db, {
      id: `pl_${name}`,
      subject: `password:${name}`,
      username: name,
      usernameKey: name.toLowerCase(),
      name,
      email: '',
      picture: '',
      createdAt: AT,
    });
  }
  await writeTransaction(db, async (tx) => {
    const { leagues, teams } = tablesOf(tx);
    for (const id of ['lg_1', 'lg_2']) {
      await tx.insert(leagues).values({
        id,
        name: id,
        domain: 'en',
        languageScale: 1,
        icon: '🏆',
        durationDays: 30,
        startDate: AT,
        endDate: '2026-05-31T00:00:00.000Z',
        visibility: 'public',
        invitePolicy: 'members',
        adminId: 'pl_Ada',
        createdAt: AT,
      });
    }
    await tx.insert(teams).values([
      { id: 'tm_ada', leagueId: 'lg_1', playerId: 'pl_Ada', name: 'Ada FC', nameKey: 'ada fc', joinedAt: AT },
      { id: 'tm_bob', leagueId: 'lg_1', playerId: 'pl_Bob', name: 'Bob United', nameKey: 'bob united', joinedAt: AT },
      { id: 'tm_ada2', leagueId: 'lg_2', playerId: 'pl_Ada', name: 'Ada Two', nameKey: 'ada two', joinedAt: AT },
    ]);
  });
}

let serial = 0;
const contract = (teamId: string, articleId: string, over: Partial<NewContract> = {}): NewContract => ({
  id: `ct_${++serial}`,
  leagueId: teamId === 'tm_ada2' ? 'lg_2' : 'lg_1',
  teamId,
  articleId,
  domain: 'en',
  purchaseDate: '2026-05-01',
  expireDate: '2026-05-08',
  purchasePrice: 100,
  renewalCount: 0,
  createdAt: AT,
  ...over,
});

const PLAYER_OF: Record<string, string> = { tm_ada: 'pl_Ada', tm_bob: 'pl_Bob', tm_ada2: 'pl_Ada' };

/** What a buy of `row` reads first: the team's side of the rules, in the buy's one statement. */
async function contextOf(db: Database, row: Pick<NewContract, 'leagueId' | 'teamId' | 'articleId'>) {
  return (await readBuyContext(db, { leagueId: row.leagueId, playerId: PLAYER_OF[row.teamId]!, articleId: row.articleId, snapshotDate: '2026-05-09' }))!;
}

async function isTeamFull(db: Database, teamId: string): Promise<boolean> {
  const leagueId = teamId === 'tm_ada2' ? 'lg_2' : 'lg_1';
  return (await contextOf(db, { leagueId, teamId, articleId: 'Any' })).liveContracts >= MAX_ACTIVE_CONTRACTS;
}

/** A buy as the contract service writes it: the read, the guarded INSERT, then its debit. */
async function buy(db: Database, row: NewContract): Promise<boolean> {
  const { endedHoldings } = await contextOf(db, row);
  return writeTransaction(db, async (tx) => {
    if (!(await insertContractIfAllowed(tx, row, endedHoldings))) return false;
    await recordLedgerEntry(tx, { teamId: row.teamId, contractId: row.id, kind: 'purchase', amount: -row.purchasePrice, createdAt: row.createdAt });
    return true;
  });
}

async function leagueVersion(db: Database, id: string): Promise<number | undefined> {
  const { leagues } = tablesOf(db);
  return (await first(db.select({ version: leagues.version }).from(leagues).where(eq(leagues.id, id))))?.version;
}

describe.each(ENGINES)('on %s', (engine) => {
  it('reads back a bought contract through every lookup, in purchase order', async () => {
    const db = await stores.fresh(engine);
    await world(db);
    const a = contract('tm_ada', 'Alpha', { createdAt: '2026-05-01T00:00:01.000Z' });
    const b = contract('tm_ada', 'Beta', { createdAt: '2026-05-01T00:00:00.000Z' });
    expect(await buy(db, a)).toBe(true);
    expect(await buy(db, b)).toBe(true);

    const stored = await findContract(db, a.id);
    expect(stored).toMatchObject({ ...a, heldSince: a.purchaseDate, status: 'live', renewalElected: false, salePayout: null, closedOn: null });
    expect(await findContract(db, 'ct_missing')).toBeUndefined();
    expect(await liveContractOnArticle(db, 'lg_1', 'Alpha')).toEqual(stored);
    expect(await liveContractOnArticle(db, 'lg_2', 'Alpha')).toBeUndefined();
    expect((await liveContractsOfTeam(db, 'tm_ada')).map((row) => row.id)).toEqual([b.id, a.id]);
    expect((await liveContractsOfLeague(db, 'lg_1')).map((row) => row.id)).toEqual([b.id, a.id]);
    expect((await contractsOfTeam(db, 'tm_ada')).map((row) => row.id)).toEqual([b.id, a.id]);
    expect([...(await contractsByIds(db, [a.id, a.id, 'ct_missing'])).keys()]).toEqual([a.id]);
    const byTeam = await contractsOfTeams(db, ['tm_ada', 'tm_bob']);
    expect(byTeam.get('tm_ada')?.map((row) => row.id).sort()).toEqual([a.id, b.id].sort());
    expect(byTeam.has('tm_bob')).toBe(false);
  });

  it('refuses an article another team of the league holds, and allows it in another league', async () => {
    const db = await stores.fresh(engine);
    await world(db);
    const held = contract('tm_bob', 'Alpha');
    expect(await buy(db, held)).toBe(true);
    const second = contract('tm_ada', 'Alpha');
    expect(await buy(db, second)).toBe(false);
    expect(await findContract(db, second.id)).toBeUndefined();
    expect(await creditsOf(db, 'tm_ada')).toBe(STARTING_CREDITS);
    expect((await liveContractOnArticle(db, 'lg_1', 'Alpha'))?.teamId).toBe('tm_bob');
    expect(await buy(db, contract('tm_ada2', 'Alpha'))).toBe(true);
  });

  it('lets one of two racing buyers of an article have it, and the loser reads on in its transaction', async () => {
    const db = await stores.fresh(engine);
    await world(db);
    const attempt = (teamId: string) =>
      writeTransaction(db, async (tx) => {
        const bought = await insertContractIfAllowed(tx, contract(teamId, 'Alpha'), 0);
        // what the service does after a refusal: ask why, in the same transaction
        const holder = await liveContractOnArticle(tx, 'lg_1', 'Alpha');
        return { bought: bought !== undefined, holder: holder?.teamId, full: await isTeamFull(tx, teamId) };
      });
    const outcomes = await Promise.all([attempt('tm_ada'), attempt('tm_bob')]);
    expect(outcomes.filter((outcome) => outcome.bought)).toHaveLength(1);
    const winner = outcomes.find((outcome) => outcome.bought)!.holder;
    expect(outcomes.map((outcome) => outcome.holder)).toEqual([winner, winner]);
    expect(outcomes.map((outcome) => outcome.full)).toEqual([false, false]);
    expect(await liveContractsOfLeague(db, 'lg_1')).toHaveLength(1);
  });

  it('allows a price equal to the credits and refuses one above them: credits never go negative', async () => {
    const db = await stores.fresh(engine);
    await world(db);
    expect(await buy(db, contract('tm_ada', 'Alpha', { purchasePrice: 600 }))).toBe(true);
    expect(await creditsOf(db, 'tm_ada')).toBe(400);
    const tooDear = contract('tm_ada', 'Beta', { purchasePrice: 401 });
    expect(await buy(db, tooDear)).toBe(false);
    expect(await findContract(db, tooDear.id)).toBeUndefined();
    expect(await buy(db, contract('tm_ada', 'Gamma', { purchasePrice: 400 }))).toBe(true);
    expect(await creditsOf(db, 'tm_ada')).toBe(0);
  });

  it('lets only one of two racing buys spend the same credits', async () => {
    const db = await stores.fresh(engine);
    await world(db);
    const outcomes = await Promise.all([
      buy(db, contract('tm_ada', 'Alpha', { purchasePrice: 600 })),
      buy(db, contract('tm_ada', 'Beta', { purchasePrice: 600 })),
    ]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await creditsOf(db, 'tm_ada')).toBe(400);
    expect(await liveContractsOfTeam(db, 'tm_ada')).toHaveLength(1);
  });

  it(`refuses a buy by a team holding ${MAX_ACTIVE_CONTRACTS} live contracts until one is sold`, async () => {
    const db = await stores.fresh(engine);
    await world(db);
    const held: NewContract[] = [];
    for (let i = 0; i < MAX_ACTIVE_CONTRACTS; i++) {
      expect(await isTeamFull(db, 'tm_ada')).toBe(false);
      held.push(contract('tm_ada', `Article_${i}`, { purchasePrice: 10 }));
      expect(await buy(db, held[i]!)).toBe(true);
    }
    expect(await isTeamFull(db, 'tm_ada')).toBe(true);
    const extra = contract('tm_ada', 'One_too_many', { purchasePrice: 10 });
    expect(await buy(db, extra)).toBe(false);
    expect(await findContract(db, extra.id)).toBeUndefined();
    expect(await isTeamFull(db, 'tm_bob')).toBe(false);
    expect(await markSold(db, held[0]!.id, 'tm_ada', 5, TODAY)).toBe(true);
    expect(await isTeamFull(db, 'tm_ada')).toBe(false);
    expect(await buy(db, extra)).toBe(true);
  });

  it('sells and elects a renewal only on a live contract of the team asking', async () => {
    const db = await stores.fresh(engine);
    await world(db);
    const row = contract('tm_ada', 'Alpha');
    await buy(db, row);
    expect(await setRenewalElected(db, row.id, 'tm_bob', true)).toBe(false);
    expect(await setRenewalElected(db, row.id, 'tm_ada', true)).toBe(true);
    expect((await findContract(db, row.id))?.renewalElected).toBe(true);
    expect(await markSold(db, row.id, 'tm_bob', 150, TODAY)).toBe(false);
    expect(await markSold(db, row.id, 'tm_ada', 150, TODAY)).toBe(true);
    expect(await findContract(db, row.id)).toMatchObject({ status: 'sold', salePayout: 150, closedOn: TODAY, renewalElected: false });
    expect(await markSold(db, row.id, 'tm_ada', 150, TODAY)).toBe(false);
    expect(await setRenewalElected(db, row.id, 'tm_ada', true)).toBe(false);
    expect(await liveContractOnArticle(db, 'lg_1', 'Alpha')).toBeUndefined();
  });

  it("reads the team's most recently ended holding of an article and how many have ended", async () => {
    const db = await stores.fresh(engine);
    await world(db);
    const older = contract('tm_ada', 'Alpha');
    await buy(db, older);
    await markSold(db, older.id, 'tm_ada', 90, '2026-05-03');
    const newer = contract('tm_ada', 'Alpha', { purchaseDate: '2026-05-04', createdAt: '2026-05-04T00:00:00.000Z' });
    await buy(db, newer);
    expect(await contextOf(db, newer)).toMatchObject({
      holderTeamId: 'tm_ada',
      endedHoldings: 1,
      lastEnded: { renewalCount: 0, purchaseDate: '2026-05-01', expireDate: '2026-05-08', endedOn: '2026-05-03' },
    });
    await markSold(db, newer.id, 'tm_ada', 90, '2026-05-06');
    expect(await contextOf(db, newer)).toMatchObject({ holderTeamId: null, endedHoldings: 2, lastEnded: { purchaseDate: '2026-05-04', endedOn: '2026-05-06' } });
    expect(await contextOf(db, contract('tm_bob', 'Alpha'))).toMatchObject({ endedHoldings: 0, lastEnded: null });
  });

  it("refuses a buy whose renewal streak was worked out before another of the team's holdings of the article ended", async () => {
    const db = await stores.fresh(engine);
    await world(db);
    const first = contract('tm_ada', 'Alpha');
    const { endedHoldings } = await contextOf(db, first);
    await buy(db, first);
    await markSold(db, first.id, 'tm_ada', 90, '2026-05-03');
    const stale = contract('tm_ada', 'Alpha', { createdAt: '2026-05-04T00:00:00.000Z' });
    expect(await writeTransaction(db, (tx) => insertContractIfAllowed(tx, stale, endedHoldings))).toBeUndefined();
    expect(await findContract(db, stale.id)).toBeUndefined();
    const bought = await writeTransaction(db, (tx) => insertContractIfAllowed(tx, stale, endedHoldings + 1));
    expect(bought).toMatchObject({ row: { id: stale.id, status: 'live', renewalElected: false }, creditsBefore: STARTING_CREDITS - first.purchasePrice });
  });

  it('refuses a buy in a closed league and reads the team, its credits and the stored series in one context', async () => {
    const db = await stores.fresh(engine);
    await world(db);
    await buy(db, contract('tm_bob', 'Beta', { purchasePrice: 300 }));
    await writeTransaction(db, async (tx) => {
      const { leagues, viewSeries } = tablesOf(tx);
      await tx.insert(viewSeries).values({ domain: 'en', articleId: 'Alpha', snapshotDate: '2026-05-09', series: '[{"date":"2026-05-09","views":5}]', fetchedAt: AT });
      await tx.update(leagues).set({ closedAt: AT }).where(eq(leagues.id, 'lg_1'));
    });
    expect(await contextOf(db, contract('tm_bob', 'Alpha'))).toMatchObject({
      league: { id: 'lg_1', domain: 'en', closedAt: AT },
      team: { id: 'tm_bob', name: 'Bob United', playerName: 'Bob' },
      credits: STARTING_CREDITS - 300,
      liveContracts: 1,
      series: '[{"date":"2026-05-09","views":5}]',
    });
    expect(await readBuyContext(db, { leagueId: 'lg_1', playerId: 'pl_Nobody', articleId: 'Alpha', snapshotDate: '2026-05-09' })).toMatchObject({ team: null });
    expect(await readBuyContext(db, { leagueId: 'lg_none', playerId: 'pl_Ada', articleId: 'Alpha', snapshotDate: '2026-05-09' })).toBeUndefined();
    expect(await buy(db, contract('tm_ada', 'Alpha'))).toBe(false);
    expect(await buy(db, contract('tm_ada2', 'Alpha'))).toBe(true);
  });

  it('names the holders of live articles and the viewer team holding any of them', async () => {
    const db = await stores.fresh(engine);
    await world(db);
    await buy(db, contract('tm_ada', 'Alpha'));
    await buy(db, contract('tm_bob', 'Beta'));
    const sold = contract('tm_bob', 'Gamma');
    await buy(db, sold);
    await markSold(db, sold.id, 'tm_bob', 1, TODAY);
    const holders = await liveHoldersOf(db, 'lg_1', ['Alpha', 'Beta', 'Gamma', 'Delta']);
    expect(holders.sort((x, y) => x.articleId.localeCompare(y.articleId))).toEqual([
      { articleId: 'Alpha', teamId: 'tm_ada', teamName: 'Ada FC', playerName: 'Ada' },
      { articleId: 'Beta', teamId: 'tm_bob', teamName: 'Bob United', playerName: 'Bob' },
    ]);
    expect(await liveHoldersOf(db, 'lg_2', ['Alpha'])).toEqual([]);
    expect(await currentTeamHoldingAny(db, 'lg_1', 'pl_Ada', ['Beta', 'Alpha'])).toBe('tm_ada');
    expect(await currentTeamHoldingAny(db, 'lg_1', 'pl_Ada', ['Beta', 'Gamma'])).toBeUndefined();
    expect(await currentTeamHoldingAny(db, 'lg_1', 'pl_Bob', ['Gamma'])).toBeUndefined();
  });

  it("sums each team's ledger into its credits", async () => {
    const db = await stores.fresh(engine);
    await world(db);
    const row = contract('tm_ada', 'Alpha', { purchasePrice: 250 });
    await buy(db, row);
    await recordLedgerEntry(db, { teamId: 'tm_ada', contractId: row.id, kind: 'sale_payout', amount: 75, createdAt: AT });
    await buy(db, contract('tm_bob', 'Beta', { purchasePrice: 30 }));
    expect(await creditsOf(db, 'tm_ada')).toBe(825);
    expect(await creditsOfTeams(db, ['tm_ada', 'tm_bob', 'tm_ada2', 'tm_ada'])).toEqual(
      new Map([
        ['tm_ada', 825],
        ['tm_bob', 970],
        ['tm_ada2', STARTING_CREDITS],
      ]),
    );
    expect(await ledgerSumsOf(db, ['tm_ada', 'tm_bob', 'tm_ada2'])).toEqual(
      new Map([
        ['tm_ada', -175],
        ['tm_bob', -30],
      ]),
    );
  });

  it('lists the live contracts due by today, earliest expiry first', async () => {
    const db = await stores.fresh(engine);
    await world(db);
    const late = contract('tm_ada', 'Alpha', { expireDate: '2026-05-10' });
    const early = contract('tm_bob', 'Beta', { expireDate: '2026-05-05' });
    const future = contract('tm_ada', 'Gamma', { expireDate: '2026-05-11' });
    const sold = contract('tm_ada2', 'Delta', { expireDate: '2026-05-02' });
    for (const row of [late, early, future, sold]) await buy(db, row);
    await markSold(db, sold.id, 'tm_ada2', 1, '2026-05-01');
    expect(await contractsDueForSettlement(db, TODAY)).toEqual([
      { id: early.id, leagueId: 'lg_1', teamId: 'tm_bob', articleId: 'Beta', domain: 'en' },
      { id: late.id, leagueId: 'lg_1', teamId: 'tm_ada', articleId: 'Alpha', domain: 'en' },
    ]);
  });

  it('re-reads contracts for the sweep with their teams, the election as a boolean', async () => {
    const db = await stores.fresh(engine);
    await world(db);
    const row = contract('tm_bob', 'Alpha', { renewalCount: 2 });
    await buy(db, row);
    await setRenewalElected(db, row.id, 'tm_bob', true);
    const now = await contractsNow(db, [row.id, 'ct_missing']);
    expect([...now.keys()]).toEqual([row.id]);
    expect(now.get(row.id)).toEqual({
      id: row.id,
      leagueId: 'lg_1',
      teamId: 'tm_bob',
      articleId: 'Alpha',
      status: 'live',
      purchaseDate: row.purchaseDate,
      expireDate: row.expireDate,
      purchasePrice: 100,
      renewalCount: 2,
      renewalElected: true,
      teamName: 'Bob United',
      playerId: 'pl_Bob',
    });
  });

  it('settles and renews in place, keeping the holding day, and writes the ledger entries in order', async () => {
    const db = await stores.fresh(engine);
    await world(db);
    const settling = contract('tm_ada', 'Alpha');
    const renewing = contract('tm_bob', 'Beta', { purchaseDate: '2026-04-20', expireDate: '2026-05-04' });
    await buy(db, settling);
    await buy(db, renewing);
    await setRenewalElected(db, renewing.id, 'tm_bob', true);
    const term = { purchaseDate: TODAY, expireDate: '2026-05-17', purchasePrice: 140, renewalCount: 1 };
    await writeTransaction(db, async (tx) => {
      await settleAndRenew(tx, TODAY, [{ id: settling.id, expireDate: settling.expireDate, payout: 130 }], [{ id: renewing.id, oldExpireDate: renewing.expireDate, term }]);
      await recordLedgerEntries(
        tx,
        [
          { teamId: 'tm_ada', contractId: settling.id, kind: 'settlement_payout', amount: 130 },
          { teamId: 'tm_bob', contractId: renewing.id, kind: 'settlement_payout', amount: 120 },
          { teamId: 'tm_bob', contractId: renewing.id, kind: 'renewal_purchase', amount: -140 },
        ],
        '2026-05-10T01:00:00.000Z',
      );
      await bumpLeagueVersions(tx, ['lg_1', 'lg_1', 'lg_2']);
    });
    expect(await findContract(db, settling.id)).toMatchObject({ status: 'settled', salePayout: 130, closedOn: TODAY });
    expect(await findContract(db, renewing.id)).toMatchObject({
      ...term,
      heldSince: '2026-04-20',
      status: 'live',
      renewalElected: false,
      salePayout: null,
    });
    expect(await creditsOfTeams(db, ['tm_ada', 'tm_bob'])).toEqual(
      new Map([
        ['tm_ada', STARTING_CREDITS - 100 + 130],
        ['tm_bob', STARTING_CREDITS - 100 + 120 - 140],
      ]),
    );
    const { ledgerEntries } = tablesOf(db);
    const written = await db.select().from(ledgerEntries).where(eq(ledgerEntries.createdAt, '2026-05-10T01:00:00.000Z')).orderBy(ledgerEntries.id);
    expect(written.map((entry) => [entry.teamId, entry.kind, entry.amount])).toEqual([
      ['tm_ada', 'settlement_payout', 130],
      ['tm_bob', 'settlement_payout', 120],
      ['tm_bob', 'renewal_purchase', -140],
    ]);
    // one step per league of the set, however many of its contracts the set held
    expect(await leagueVersion(db, 'lg_1')).toBe(1);
    expect(await leagueVersion(db, 'lg_2')).toBe(1);
  });

  it('undoes the whole set when a contract to settle was sold meanwhile', async () => {
    const db = await stores.fresh(engine);
    await world(db);
    const kept = contract('tm_ada', 'Alpha');
    const gone = contract('tm_bob', 'Beta');
    await buy(db, kept);
    await buy(db, gone);
    await markSold(db, gone.id, 'tm_bob', 50, '2026-05-07');
    await expect(
      settleAndRenew(db, TODAY, [
        { id: kept.id, expireDate: kept.expireDate, payout: 130 },
        { id: gone.id, expireDate: gone.expireDate, payout: 130 },
      ], []),
    ).rejects.toThrow('1 of 2 contracts settled');
    expect(await findContract(db, kept.id)).toMatchObject({ status: 'live', salePayout: null, closedOn: null });
    expect(await findContract(db, gone.id)).toMatchObject({ status: 'sold', salePayout: 50 });
  });

  it('refuses to settle a term other than the one priced', async () => {
    const db = await stores.fresh(engine);
    await world(db);
    const row = contract('tm_ada', 'Alpha');
    await buy(db, row);
    await expect(settleAndRenew(db, TODAY, [{ id: row.id, expireDate: '2026-05-01', payout: 130 }], [])).rejects.toThrow('0 of 1 contracts settled');
    expect(await findContract(db, row.id)).toMatchObject({ status: 'live', expireDate: row.expireDate });
  });

  it('renews only an elected contract, undoing the settlements of its set', async () => {
    const db = await stores.fresh(engine);
    await world(db);
    const settling = contract('tm_ada', 'Alpha');
    const notElected = contract('tm_bob', 'Beta');
    await buy(db, settling);
    await buy(db, notElected);
    const term = { purchaseDate: TODAY, expireDate: '2026-05-17', purchasePrice: 140, renewalCount: 1 };
    await expect(
      settleAndRenew(db, TODAY, [{ id: settling.id, expireDate: settling.expireDate, payout: 130 }], [{ id: notElected.id, oldExpireDate: notElected.expireDate, term }]),
    ).rejects.toThrow('0 of 1 contracts renewed');
    expect(await findContract(db, settling.id)).toMatchObject({ status: 'live', salePayout: null });
    expect(await findContract(db, notElected.id)).toMatchObject({ expireDate: notElected.expireDate, purchasePrice: 100, renewalCount: 0 });
  });
});
