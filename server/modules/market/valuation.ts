import type { AppContext } from '../../context';
import { findLastPrices, findMarketPurchases } from './repository';

/**
 * What the portfolio values holdings with (docs/decisions/1823): the last trade price of each of
 * these projects that has traded, and what the investor bought on the market per project (tokens,
 * amount paid). A file of its own so the account module reads it without the market's service.
 */
export async function marketFiguresFor(ctx: Pick<AppContext, 'db'>, userId: string, productIds: readonly number[]) {
  const [lastPrices, purchases] = await Promise.all([
    findLastPrices(ctx.db, productIds),
    findMarketPurchases(ctx.db, userId),
  ]);
  return { lastPrices, purchases };
}
