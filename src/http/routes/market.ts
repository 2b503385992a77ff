import { Elysia } from 'elysia';
import type { AppContext } from '../../app-context';
import { readJsonBody } from '../request-body';
import { requirePlayer } from '../session';

/** The market shelf (§7) and contracts (§5.6–§5.9): buy, lists, sell, renewal election and withdrawal. */
export function marketRoutes(ctx: AppContext) {
  const { market, contracts } = ctx.services;
  return new Elysia()
    .get('/api/v1/leagues/:id/market', async ({ request, params }) => {
      const player = await requirePlayer(ctx, request);
      return market.shelf(player.id, params.id);
    })
    .get('/api/v1/leagues/:id/contracts', async ({ request, params }) => {
      await requirePlayer(ctx, request);
      return contracts.leagueContracts(params.id);
    })
    .get('/api/v1/leagues/:id/my-contracts', async ({ request, params }) => {
      const player = await requirePlayer(ctx, request);
      return contracts.myContracts(player.id, params.id);
    })
    .post(
      '/api/v1/leagues/:id/my-contracts',
      async ({ request, params, set }) => {
        const player = await requirePlayer(ctx, request);
        const contract = await contracts.buy(player.id, params.id, () => readJsonBody(request, 'MALFORMED_JSON'));
        set.status = 201;
        return contract;
      },
      { parse: 'none' },
    )
    .get('/api/v1/leagues/:id/my-contracts/:contractId/sale-quote', async ({ request, params }) => {
      const player = await requirePlayer(ctx, request);
      return contracts.quoteSale(player.id, params.id, params.contractId);
    })
    .post(
      '/api/v1/leagues/:id/my-contracts/:contractId/sell',
      async ({ request, params }) => {
        const player = await requirePlayer(ctx, request);
        return contracts.sell(player.id, params.id, params.contractId);
      },
      { parse: 'none' },
    )
    .post(
      '/api/v1/leagues/:id/my-contracts/:contractId/renew',
      async ({ request, params }) => {
        const player = await requirePlayer(ctx, request);
        return contracts.electRenewal(player.id, params.id, params.contractId);
      },
      { parse: 'none' },
    )
    .delete(
      '/api/v1/leagues/:id/my-contracts/:contractId/renew',
      async ({ request, params }) => {
        const player = await requirePlayer(ctx, request);
        return contracts.withdrawRenewal(player.id, params.id, params.contractId);
      },
      { parse: 'none' },
    );
}
