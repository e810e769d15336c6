import type { Transaction } from 'kysely';
import { writeDistribution } from '../../modules/account/distributions';
import { hadHoldersBy } from '../../modules/holdings/service';
import { findProductsWithHoldings, setDigitalGiftReveal } from '../../modules/products/service';
import type { Database } from '../types';
import type { Seeder } from './index';

const DAY_MS = 86_400_000;

/** What a digital demo gift turns out to be once claimed. */
const DIGITAL_REVEAL =
  'Your download code is on its way: open the link in the email we sent, or show this screen at the venue.';

/**
 * A year of monthly revenue distributions for every demo project with holders, shared by the
 * same rule as `revenue:distribute` (the ledger balance at each month's last day), so the
 * account overview has a history worth charting. Amounts are deliberately not round.
 */
export async function seedRevenue(trx: Transaction<Database>, now: Date, currency: string): Promise<void> {
  await setDigitalGiftReveal(trx, DIGITAL_REVEAL);
  const products = await findProductsWithHoldings(trx);
  for (const product of products) {
    const value = product.held * product.pricePerToken;
    for (let monthsAgo = 12; monthsAgo >= 1; monthsAgo -= 1) {
      // The last day of the month `monthsAgo` months back.
      const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo + 1, 0, 23, 59, 59, 999));
      // Roughly 0.3–0.6 % of the value a month, varying by project and season, never round.
      const rate = 30 + ((product.id * 7 + monthsAgo * 13) % 31);
      const amount = Math.max(1, Math.floor((value * rate) / 10_000) + 37 * monthsAgo + 1);
      // Only months in which the project already had holders.
      const holders = await hadHoldersBy(trx, product.id, monthEnd.toISOString());
      if (!holders) continue;
      await writeDistribution(trx, {
        productId: product.id,
        amount,
        memo: `Revenue for ${monthEnd.toISOString().slice(0, 7)}`,
        currency,
        createdBy: 'demo data',
        recordAt: monthEnd.toISOString(),
        paysAt: new Date(monthEnd.getTime() + 1 + 14 * DAY_MS).toISOString(),
        nowIso: now.toISOString(),
      });
    }
  }
}

export const demoRevenueSeeder: Seeder = { name: 'revenue', run: seedRevenue };
