/**
 * The order rules pages apply as the investor types, without the wire schemas (and the schema
 * library) of orders.ts, which re-exports them for the server and the forms that send.
 */

/** The boxes the investor ticks before signing; each must be true. */
export const contractConsentKeys = ['terms', 'risks', 'electronicSignature'] as const;
export type ContractConsentKey = (typeof contractConsentKeys)[number];

/**
 * The most tokens of a project one investor may hold plus have on open orders: the project's
 * maximum investment in whole tokens, or null when it sets none.
 */
export function maxTokensPerInvestor(facts: {
  pricePerToken: number;
  userMaxInvestment: number | null;
}): number | null {
  return facts.userMaxInvestment === null ? null : Math.floor(facts.userMaxInvestment / facts.pricePerToken);
}

export interface OrderQuantityFacts {
  pricePerToken: number;
  userMinInvestment: number;
  userMaxInvestment: number | null;
  remainingQuantity: number;
  /** Tokens held plus tokens on open orders. */
  committedQuantity: number;
}

/**
 * How many tokens one order may ask for: at least the project's minimum investment (per order),
 * and no more than what keeps the investor's holdings plus open orders within the maximum, nor
 * more than remains on sale. The server refuses an order by this rule (orderQuantityRefusal) and
 * the invest page shows the same bounds. maxQuantity below minQuantity means the investor cannot
 * order more.
 */
export function orderQuantityBounds(facts: OrderQuantityFacts): { minQuantity: number; maxQuantity: number } {
  const minQuantity = Math.max(1, Math.ceil(facts.userMinInvestment / facts.pricePerToken));
  const cap = maxTokensPerInvestor(facts);
  const byMax = cap === null ? Number.MAX_SAFE_INTEGER : cap - facts.committedQuantity;
  return { minQuantity, maxQuantity: Math.max(0, Math.min(byMax, facts.remainingQuantity)) };
}

export type OrderQuantityRefusal = 'BELOW_MIN_INVESTMENT' | 'ABOVE_MAX_INVESTMENT' | 'SOLD_OUT';

/**
 * Why `quantity` is outside orderQuantityBounds, as the error code the server answers, or null
 * when it is inside. Past the investor's maximum counts first, then what remains on sale.
 */
export function orderQuantityRefusal(quantity: number, facts: OrderQuantityFacts): OrderQuantityRefusal | null {
  const { minQuantity, maxQuantity } = orderQuantityBounds(facts);
  if (quantity < minQuantity) return 'BELOW_MIN_INVESTMENT';
  if (quantity <= maxQuantity) return null;
  const { maxQuantity: withinMaximum } = orderQuantityBounds({ ...facts, remainingQuantity: Number.MAX_SAFE_INTEGER });
  return quantity > withinMaximum ? 'ABOVE_MAX_INVESTMENT' : 'SOLD_OUT';
}
