import { Elysia } from 'elysia';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context';
import type { Services } from '../../platform/composition-root';
import { BuyContractRequestSchema, ContractSchema, SaleQuoteSchema } from './wire';
import { playerSession } from '../../platform/http/plugins/guards';
import { heldBackBody, judged } from '../../platform/http/route-options';
import { answer } from '../../platform/http/route-schemas';
import { docs } from '../../platform/http/route-docs';
import { leagueMacros } from '../leagues/league-macros';

const doc = docs('Contracts', 'session');
const contract = { response: answer(ContractSchema) };

/** Contracts: the league's and the caller's, buy, sell, renewal election and withdrawal. */
export function contractRoutes(ctx: AppContext, services: Services) {
  return new Elysia({ prefix: '/api/v1' })
    .use(playerSession(ctx, services))
    .macro(leagueMacros(ctx.db))
    .get('/leagues/:id/contracts', ({ params }) => services.contracts.leagueContracts(params.id), {
      response: answer(z.array(ContractSchema)),
      ...doc({ id: 'listLeagueContracts', summary: 'Every live or expired contract in the league, whoever holds it' }),
    })
    .get('/leagues/:id/my-contracts', ({ team }) => services.contracts.myContracts(team), {
      team: true,
      response: answer(z.array(ContractSchema)),
      ...doc({ id: 'listMyContracts', summary: 'The caller’s live or expired contracts in the league' }),
    })
    .post(
      '/leagues/:id/my-contracts',
      ({ player, params, body, set }) => {
        set.status = 201;
        // the team, then the league, then the body's fields: the service judges it in turn
        return services.contracts.buy(player.id, params.id, judged(BuyContractRequestSchema, body, 'INVALID_TIER'));
      },
      {
        ...heldBackBody(BuyContractRequestSchema, { malformed: 'MALFORMED_JSON' }),
        response: { 201: answer(ContractSchema) },
        ...doc({ id: 'buyContract', summary: 'Buy a contract on an article at a tier (§5.6)' }),
      },
    )
    .get('/leagues/:id/my-contracts/:contractId/sale-quote', ({ team, params }) => services.contracts.quoteSale(team, params.contractId), {
      team: true,
      response: answer(SaleQuoteSchema),
      ...doc({ id: 'quoteContractSale', summary: 'What an early sell would pay now, writing nothing (an addition)' }),
    })
    .post('/leagues/:id/my-contracts/:contractId/sell', ({ team, params }) => services.contracts.sell(team, params.contractId), {
      team: true,
      ...contract,
      ...doc({ id: 'sellContract', summary: 'Sell a live contract early at today’s price, prorated (§5.7)' }),
    })
    .post('/leagues/:id/my-contracts/:contractId/renew', ({ team, params }) => services.contracts.electRenewal(team, params.contractId), {
      team: true,
      ...contract,
      ...doc({ id: 'electRenewal', summary: 'Elect to renew a contract at expiry (§5.9); no money moves now' }),
    })
    .delete('/leagues/:id/my-contracts/:contractId/renew', ({ team, params }) => services.contracts.withdrawRenewal(team, params.contractId), {
      team: true,
      ...contract,
      ...doc({ id: 'withdrawRenewal', summary: 'Withdraw a renewal election (§5.9)' }),
    });
}
