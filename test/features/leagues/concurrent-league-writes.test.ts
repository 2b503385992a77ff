/**
 * Many players writing to one league at the same moment, as in the Global League where every
 * player is a member: on PostgreSQL every buy moves the league's version row, and SERIALIZABLE
 * lets only one of two such transactions commit, so without their taking turns (WriteOptions.leagues)
 * a third to a half of twenty simultaneous buys answered 500 once their retries ran out. Here
 * each player's buy must succeed, once, with the right money, on either engine. A write that
 * waits too long for its turn is refused by name, with nothing written.
 */
import { describe, expect, it } from 'vitest';
import type { TestPlayer } from '../../support/app';
import { buildTeam } from '../../support/builders';
import { holdLeagueWrites } from '../../support/test-store';
import { buy, ledgerCredits, leagueWorld, setViews, withWorld } from '../contracts/contracts-fixtures';

const PLAYERS = 20;
const PRICE = 67; // MEDIUM at 9,000 views a day

describe('a league many players write to at once', () => {
  it(`${PLAYERS} players buying ${PLAYERS} articles at the same moment: every buy succeeds once`, async () => {
    await withWorld(leagueWorld({}, { poolSize: PLAYERS }), async ({ app, fake, league }) => {
      const players: { player: TestPlayer; teamId: string }[] = [];
      for (let i = 0; i < PLAYERS; i++) {
        const player = await app.player(`buyer${i}`);
        const team = await buildTeam(app, league, player, `Buyer ${i}`);
        players.push({ player, teamId: team.id });
        setViews(fake, `Crowd_${i}`, 9_000);
      }
      const results = await Promise.all(players.map(({ player }, i) => buy(app, league.id, player, `Crowd_${i}`)));
      expect(results.map((result) => result.status)).toEqual(Array(PLAYERS).fill(201));
      for (const { teamId } of players) expect(await ledgerCredits(app, teamId)).toBe(1000 - PRICE);
      const held = await app.call('GET', `/api/v1/leagues/${league.id}/contracts`, { as: players[0]!.player });
      expect(held.status).toBe(200);
      expect(held.body.map((c: { article: { id: string } }) => c.article.id).sort()).toEqual(players.map((_, i) => `Crowd_${i}`).sort());
    });
  });

  it(`${PLAYERS} players selling and buying in one league at once: no request fails`, async () => {
    await withWorld(leagueWorld({}, { poolSize: PLAYERS }), async ({ app, fake, league }) => {
      const players: TestPlayer[] = [];
      for (let i = 0; i < PLAYERS; i++) {
        const player = await app.player(`trader${i}`);
        await buildTeam(app, league, player, `Trader ${i}`);
        players.push(player);
        setViews(fake, `Deal_${i}`, 9_000);
        setViews(fake, `Next_${i}`, 9_000);
      }
      const bought = await Promise.all(players.map((player, i) => buy(app, league.id, player, `Deal_${i}`)));
      expect(bought.map((result) => result.status)).toEqual(Array(PLAYERS).fill(201));
      // half sell what they bought while the other half buy a second article
      const moves = await Promise.all(
        players.map((player, i) =>
          i % 2 === 0
            ? app.call('POST', `/api/v1/leagues/${league.id}/my-contracts/${bought[i]!.body.id}/sell`, { as: player })
            : buy(app, league.id, player, `Next_${i}`),
        ),
      );
      expect(moves.map((result) => result.status)).toEqual(players.map((_, i) => (i % 2 === 0 ? 200 : 201)));
    });
  });

  it('a buy that cannot get its league\'s turn in time answers 503 DATABASE_BUSY, changes nothing, and succeeds when tried again', async () => {
    await withWorld(leagueWorld({}, { writeWaitMs: 300 }), async ({ app, fake, league, admin, team }) => {
      setViews(fake, 'Waiting_room', 9_000);
      // another process (a verb, another instance) holds the league's writes past the wait
      const release = await holdLeagueWrites(app.database, league.id);
      let refused;
      try {
        refused = await buy(app, league.id, admin, 'Waiting_room');
      } finally {
        await release();
      }
      expect({ status: refused.status, body: refused.body, retryAfter: refused.headers.get('retry-after') }).toEqual({
        status: 503,
        body: { error: 'DATABASE_BUSY' },
        retryAfter: '1',
      });
      expect(await ledgerCredits(app, team.id)).toBe(1000);
      const again = await buy(app, league.id, admin, 'Waiting_room');
      expect(again.status).toBe(201);
      expect(await ledgerCredits(app, team.id)).toBe(1000 - PRICE);
    });
  });
});
