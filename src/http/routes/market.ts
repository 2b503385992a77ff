import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { utcDay } from '../../domain/dates';
import type { Services } from '../../services/composition-root';
import type { ShelfTag } from '../../services/market-service';
import { ContractSchema, BuyContractRequestSchema, MarketArticleSchema, SaleQuoteSchema } from '../../wire/contracts';
import type { HttpRequest } from '../http-request';
import { route } from '../route-kit';

const tag = 'Contracts';

/**
 * What one shelf request has read for the answer cache. Its day is fixed at the first look,
 * so its tag and its answer are for the same day even across midnight (the next day's shelf
 * may need a fetch, which a kept answer cannot wait for). The tag read for the kit's key is
 * handed to the kit's first version call instead of being read twice; any later call (after
 * producing, to catch a write in between) reads afresh.
 */
interface ShelfRead {
  day: string;
  keyTag?: { tag: ShelfTag | undefined };
}

interface ShelfInput {
  request: HttpRequest;
  ctx: AppContext;
  services: Services;
  player: { id: string };
  params: { id: string };
}

const shelfReads = new WeakMap<HttpRequest, ShelfRead>();

function shelfRead({ request, ctx }: ShelfInput): ShelfRead {
  let read = shelfReads.get(request);
  if (!read) shelfReads.set(request, (read = { day: utcDay(ctx.clock.now()) }));
  return read;
}

function shelfTag(input: ShelfInput, read: ShelfRead): ShelfTag | undefined {
  return input.services.market.shelfTag(input.player.id, input.params.id, read.day);
}

const shelfCache = {
  key(input: ShelfInput): string | undefined {
    const read = shelfRead(input);
    read.keyTag = { tag: shelfTag(input, read) };
    return read.keyTag.tag?.key;
  },
  version(input: ShelfInput): number | undefined {
    const read = shelfRead(input);
    const handed = read.keyTag;
    read.keyTag = undefined;
    return (handed ? handed.tag : shelfTag(input, read))?.version;
  },
};

/** The market shelf (§7) and contracts (§5.6–§5.9): buy, lists, sell, renewal election and withdrawal. */
export const marketRoutes = [
  route({
    id: 'getMarketShelf',
    method: 'GET',
    path: '/api/v1/leagues/:id/market',
    summary: 'The market shelf: the edition’s most-read articles with prices and owners (§7)',
    tag,
    access: 'player',
    answer: { json: z.array(MarketArticleSchema) },
    // only a shelf whose every input is stored is kept; one that must fetch is answered afresh
    cache: shelfCache,
    handle: (input) =>
      input.services.market.storedShelfFor(input.player.id, input.params.id, shelfRead(input).day) ??
      input.services.market.shelf(input.player.id, input.params.id),
  }),
  route({
    id: 'listLeagueContracts',
    method: 'GET',
    path: '/api/v1/leagues/:id/contracts',
    summary: 'Every live or expired contract in the league, whoever holds it',
    tag,
    access: 'player',
    answer: { json: z.array(ContractSchema) },
    handle: ({ services, params }) => services.contracts.leagueContracts(params.id),
  }),
  route({
    id: 'listMyContracts',
    method: 'GET',
    path: '/api/v1/leagues/:id/my-contracts',
    summary: 'The caller’s live or expired contracts in the league',
    tag,
    access: 'player',
    answer: { json: z.array(ContractSchema) },
    handle: ({ services, player, params }) => services.contracts.myContracts(player.id, params.id),
  }),
  route({
    id: 'buyContract',
    method: 'POST',
    path: '/api/v1/leagues/:id/my-contracts',
    summary: 'Buy a contract on an article at a tier (§5.6)',
    tag,
    access: 'player',
    body: { schema: BuyContractRequestSchema, malformed: 'MALFORMED_JSON', invalid: 'INVALID_TIER', checkedByService: true },
    status: 201,
    answer: { json: ContractSchema },
    handle: ({ services, player, params, body }) => services.contracts.buy(player.id, params.id, body),
  }),
  route({
    id: 'quoteContractSale',
    method: 'GET',
    path: '/api/v1/leagues/:id/my-contracts/:contractId/sale-quote',
    summary: 'What an early sell would pay now, writing nothing (an addition)',
    tag,
    access: 'player',
    answer: { json: SaleQuoteSchema },
    handle: ({ services, player, params }) => services.contracts.quoteSale(player.id, params.id, params.contractId),
  }),
  route({
    id: 'sellContract',
    method: 'POST',
    path: '/api/v1/leagues/:id/my-contracts/:contractId/sell',
    summary: 'Sell a live contract early at today’s price, prorated (§5.7)',
    tag,
    access: 'player',
    answer: { json: ContractSchema },
    handle: ({ services, player, params }) => services.contracts.sell(player.id, params.id, params.contractId),
  }),
  route({
    id: 'electRenewal',
    method: 'POST',
    path: '/api/v1/leagues/:id/my-contracts/:contractId/renew',
    summary: 'Elect to renew a contract at expiry (§5.9); no money moves now',
    tag,
    access: 'player',
    answer: { json: ContractSchema },
    handle: ({ services, player, params }) => services.contracts.electRenewal(player.id, params.id, params.contractId),
  }),
  route({
    id: 'withdrawRenewal',
    method: 'DELETE',
    path: '/api/v1/leagues/:id/my-contracts/:contractId/renew',
    summary: 'Withdraw a renewal election (§5.9)',
    tag,
    access: 'player',
    answer: { json: ContractSchema },
    handle: ({ services, player, params }) => services.contracts.withdrawRenewal(player.id, params.id, params.contractId),
  }),
];
