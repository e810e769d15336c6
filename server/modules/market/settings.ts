import type { Kysely } from 'kysely';
import { MARKET_DEFAULTS, type MarketSettings } from '../../../src/domain/market';
import type { AppContext } from '../../context';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import { findLastPrice, findMarketProduct, findMarketSettings } from './repository';

type Db = Kysely<Database>;

/** A project's market as every read and write starts from it: the project, its settings, today's reference price. */

/** The actor id the market's own writes carry (fills, self-trade stops, expiries). */
export const SYSTEM = 'market';

export function startOfDay(at: Date): string {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate())).toISOString();
}

export async function productOf(db: Db, productId: number) {
  const product = await findMarketProduct(db, productId);
  if (!product) throw new AppError('NOT_FOUND', 'There is no such project.');
  return product;
}

export async function settingsOf(db: Db, productId: number): Promise<MarketSettings & { stateReason: string | null }> {
  const row = await findMarketSettings(db, productId);
  if (!row) return { state: 'CLOSED', stateReason: null, ...MARKET_DEFAULTS };
  return {
    state: row.state,
    stateReason: row.state_reason,
    tickSize: Number(row.tick_size),
    bandBp: Number(row.band_bp),
    feeBp: Number(row.fee_bp),
  };
}

/** Today's reference price: the last price before today (UTC), or the offering price. */
export async function referencePriceOf(ctx: Pick<AppContext, 'now'>, db: Db, productId: number, offering: number) {
  return (await findLastPrice(db, productId, startOfDay(ctx.now()))) ?? Number(offering);
}
