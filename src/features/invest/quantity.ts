import { orderQuantityBounds } from '../../domain/order-rules';

/**
 * How many tokens an investor may order now, from the same rule the server applies
 * (orderQuantityBounds): money is integer minor units; the maximum counts what the investor
 * already holds and what their open orders reserve, so the limit is visible before asking.
 */
export interface QuantityFacts {
  pricePerToken: number;
  userMinInvestment: number;
  /** null: no maximum per investor. */
  userMaxInvestment: number | null;
  heldTokens: number;
  openOrderTokens: number;
  remainingQuantity: number;
}

export type QuantityBlock = 'SOLD_OUT' | 'MAX_REACHED' | 'REMAINING_BELOW_MIN';

export interface QuantityBounds {
  min: number;
  max: number;
  /** Why nothing can be ordered, or null when some quantity can. */
  block: QuantityBlock | null;
  /** What sets the upper bound: the tokens left for sale or the investor's maximum. */
  maxReason: 'REMAINING' | 'USER_MAX';
}

export function quantityBounds(facts: QuantityFacts): QuantityBounds {
  const remaining = Math.max(0, facts.remainingQuantity);
  const { minQuantity: min, maxQuantity: max } = orderQuantityBounds({
    pricePerToken: Math.max(1, facts.pricePerToken),
    userMinInvestment: facts.userMinInvestment,
    userMaxInvestment: facts.userMaxInvestment,
    remainingQuantity: remaining,
    committedQuantity: facts.heldTokens + facts.openOrderTokens,
  });
  const maxReason = max < remaining ? 'USER_MAX' : 'REMAINING';
  let block: QuantityBlock | null = null;
  if (remaining === 0) block = 'SOLD_OUT';
  else if (max < min) block = maxReason === 'USER_MAX' ? 'MAX_REACHED' : 'REMAINING_BELOW_MIN';
  return { min, max, block, maxReason };
}

export type QuantityProblem = 'NOT_WHOLE' | 'BELOW_MIN' | 'ABOVE_MAX' | 'BLOCKED';

/** Why `quantity` cannot be ordered within `bounds`, or null when it can. */
export function quantityProblem(quantity: number | undefined, bounds: QuantityBounds): QuantityProblem | null {
  if (bounds.block) return 'BLOCKED';
  if (quantity === undefined || !Number.isSafeInteger(quantity) || quantity < 1) return 'NOT_WHOLE';
  if (quantity < bounds.min) return 'BELOW_MIN';
  if (quantity > bounds.max) return 'ABOVE_MAX';
  return null;
}

/** The typed text as a token count: digits only, otherwise undefined. */
export function parseQuantity(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return undefined;
  return Number(trimmed);
}
