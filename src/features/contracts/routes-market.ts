import { Elysia } from 'elysia';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context';
import { utcDay } from '../../domain/dates';
import type { Services } from '../../platform/composition-root';
import type { ShelfTag } from './market-service';
import { MarketArticleSchema } from './wire';
import { type CachedAnswers, unkept } from '../../platform/http/plugins/cached-answers';
import { playerSession } from '../../platform/http/plugins/guards';
import { answer } from '../../platform/http/route-schemas';
import { docs } from '../../platform/http/route-docs';

const doc = docs('Contracts', 'session');

/**
 * The market shelf, kept by the answer cache only when every input is stored: one that
 * must fetch is answered afresh. Its day is fixed once per request, so its tag and its answer
 * are for the same day even across midnight; the tag read for the key is the first version
 * read too, and only a later read (after producing, to catch a write in between) reads afresh.
 */
export function marketRoutes(ctx: AppContext, services: Services, answers: CachedAnswers) {
  return new Elysia({ prefix: '/api/v1' }).use(playerSession(ctx, services)).get(
    '/leagues/:id/market',
    async ({ request, set, player, params }) => {
      const day = utcDay(ctx.clock.now());
      const tagOf = (): Promise<ShelfTag | undefined> => services.market.shelfTag(player.id, params.id, day);
      let first: ShelfTag | undefined | null = await tagOf();
      const version = async () => {
        const tag = first === null ? await tagOf() : first;
        first = null;
        return tag?.version;
      };
      return answers.reply(
        { request, set },
        first?.key,
        version,
        async () => (await services.market.storedShelfFor(player.id, params.id, day)) ?? unkept(await services.market.shelf(player.id, params.id)),
      );
    },
    { response: answer(z.array(MarketArticleSchema)), ...doc({ id: 'getMarketShelf', summary: 'The market shelf: the edition’s most-read articles with prices and owners (§7)' }) },
  );
}
