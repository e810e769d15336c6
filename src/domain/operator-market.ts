import { z } from 'zod';
import { typedText, wholeNumber, wholeNumberParam } from './fields';
import { DB_INTEGER_MAX } from './limits';
import { BP_WHOLE, marketViewSchema } from './market';

/**
 * A project's market in the operator console (docs/decisions/1822-operator-market-screen.md):
 * trading on and off, the tick and band (and, for an admin, the fee), halt with a reason and
 * resume, cancel every resting order with a reason, and the project's trades for surveillance
 * (JSON pages or one CSV file). The command line's market:* commands call the same service.
 *
 *   GET  /api/v1/operator/projects/{id}/market                     → operatorMarket
 *   PUT  /api/v1/operator/projects/{id}/market/settings            body marketSettingsRequest → operatorMarket
 *   POST /api/v1/operator/projects/{id}/market/open                → operatorMarket
 *   POST /api/v1/operator/projects/{id}/market/close               → operatorMarket
 *   POST /api/v1/operator/projects/{id}/market/halt                body marketReasonRequest → operatorMarket
 *   POST /api/v1/operator/projects/{id}/market/resume              → operatorMarket
 *   POST /api/v1/operator/projects/{id}/market/cancel-all          body marketReasonRequest → marketCancelAllResult
 *   GET  /api/v1/operator/projects/{id}/market/trades?cursor=&limit=&format=csv → operatorMarketTradesPage | CSV
 */

export const MARKET_REASON_MAX_LENGTH = 500;
/** The widest daily band: ±100 % of the reference price. */
export const MARKET_BAND_MAX_BP = BP_WHOLE;
/** The highest fee on a fill: 10 %. */
export const MARKET_FEE_MAX_BP = 1_000;

/** The settings an operator may change; each left out is kept. The fee is an admin's. */
export const marketSettingsRequestSchema = z.strictObject({
  tickSize: wholeNumber('validation.market.tickSize', { max: DB_INTEGER_MAX }).optional(),
  bandBp: wholeNumber('validation.market.bandBp', { max: MARKET_BAND_MAX_BP }).optional(),
  feeBp: wholeNumber('validation.market.feeBp', { min: 0, max: MARKET_FEE_MAX_BP }).optional(),
});
export type MarketSettingsRequest = z.infer<typeof marketSettingsRequestSchema>;

/** Why the operator halts trading (shown to investors) or cancels the resting orders. */
export const marketReasonRequestSchema = z.strictObject({
  reason: typedText('validation.market.reason', MARKET_REASON_MAX_LENGTH),
});

export const operatorMarketSchema = marketViewSchema.extend({
  productName: z.string(),
  /** Resting orders now, both sides. */
  openOrders: z.number().int(),
  /** Whether the signed-in operator may change the fee (an admin). */
  mayChangeFee: z.boolean(),
});
export type OperatorMarket = z.infer<typeof operatorMarketSchema>;

export const marketCancelAllResultSchema = z.object({ cancelled: z.number().int(), market: operatorMarketSchema });
export type MarketCancelAllResult = z.infer<typeof marketCancelAllResultSchema>;

export const OPERATOR_TRADES_DEFAULT_LIMIT = 50;
export const OPERATOR_TRADES_MAX_LIMIT = 200;
export const operatorMarketTradesQuerySchema = z.strictObject({
  cursor: wholeNumberParam('validation.before').optional(),
  limit: wholeNumberParam('validation.limit.trades', { max: OPERATOR_TRADES_MAX_LIMIT }).default(
    OPERATOR_TRADES_DEFAULT_LIMIT,
  ),
  /** csv: every trade of the project in one file, oldest first. */
  format: z.enum(['json', 'csv']).default('json'),
});

export const operatorMarketTradeSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  price: z.number().int(),
  quantity: z.number().int(),
  amount: z.number().int(),
  fee: z.number().int(),
  buyOrderId: z.number().int(),
  sellOrderId: z.number().int(),
  buyerId: z.string(),
  buyerEmail: z.string().nullable(),
  sellerId: z.string(),
  sellerEmail: z.string().nullable(),
});
export type OperatorMarketTrade = z.infer<typeof operatorMarketTradeSchema>;

export const operatorMarketTradesPageSchema = z.object({
  currency: z.string(),
  trades: z.array(operatorMarketTradeSchema),
  nextCursor: z.number().int().nullable(),
});
export type OperatorMarketTradesPage = z.infer<typeof operatorMarketTradesPageSchema>;
