import type { CashBalance, CashEntry } from '../../domain/cash';
import { parseMajorAmount } from '../../domain/money';

/** The `count` months up to the one of `now` (UTC), newest first: the choices of the month filter. */
export function recentMonths(now: Date, count: number): string[] {
  const months: string[] = [];
  let year = now.getUTCFullYear();
  let month = now.getUTCMonth() + 1;
  for (let index = 0; index < count; index += 1) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
  return months;
}

/**
 * What an entry did, as one signed amount: the change of the available balance, or of the held
 * balance for a withdrawal paid out of what was held (its available change is zero).
 */
export function entryChange(entry: CashEntry): { amount: number; isHeld: boolean } {
  return entry.availableChange !== 0 || entry.heldChange === 0
    ? { amount: entry.availableChange, isHeld: false }
    : { amount: entry.heldChange, isHeld: true };
}

/** Whether the available balance pays for an order of `total`, and what is missing when it does not. */
export function balanceCover(
  balance: Pick<CashBalance, 'available' | 'currency'>,
  total: number,
  currency: string,
): { covers: boolean; shortfall: number } {
  // A balance in another currency pays nothing: amounts of two currencies are never compared.
  if (balance.currency !== currency) return { covers: false, shortfall: total };
  const shortfall = Math.max(0, total - balance.available);
  return { covers: shortfall === 0, shortfall };
}

export type WithdrawalAmountCheck =
  { amount: number; error: null } | { amount: null; error: 'invalid' | 'overAvailable' | 'overDailyLimit' };

/**
 * A typed withdrawal amount against the balance: a positive amount the currency can hold
 * (minor units, by the domain's rule), no more than what is available nor than today's limit.
 */
export function checkWithdrawalAmount(
  text: string,
  balance: Pick<CashBalance, 'available' | 'currency' | 'withdrawalDailyRemaining'>,
): WithdrawalAmountCheck {
  const amount = parseMajorAmount(text, balance.currency);
  if (amount === null) return { amount: null, error: 'invalid' };
  if (amount > balance.available) return { amount: null, error: 'overAvailable' };
  if (amount > balance.withdrawalDailyRemaining) return { amount: null, error: 'overDailyLimit' };
  return { amount, error: null };
}
