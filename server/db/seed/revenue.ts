import { sql, type Transaction } from 'kysely';
import { writeDistribution } from '../../modules/account/service';
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
export async function seedRevenue(trx: Transaction<Database>, now: Date): Promise<void> {
  await trx.updateTable('product_gifts').set({ reveal_text: DIGITAL_REVEAL }).where('is_digital', '=', 1).execute();
  const products = await trx
    .selectFrom('products')
    .innerJoin('product_holdings', 'product_holdings.product_id', 'products.id')
    .select((eb) => [
      'products.id',
      'products.price_per_token',
      eb.fn.sum<number>('product_holdings.quantity').as('held'),
    ])
    .groupBy(['products.id', 'products.price_per_token'])
    .having(sql`sum(product_holdings.quantity)`, '>', 0)
    .orderBy('products.id')
    .execute();
  for (const product of products) {
    const value = Number(product.held) * Number(product.price_per_token);
    for (let monthsAgo = 12; monthsAgo >= 1; monthsAgo -= 1) {
      // The last day of the month `monthsAgo` months back.
      const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo + 1, 0, 23, 59, 59, 999));
      // Roughly 0.3–0.6 % of the value a month, varying by project and season, never round.
      const rate = 30 + ((Number(product.id) * 7 + monthsAgo * 13) % 31);
      const amount = Math.max(1, Math.floor((value * rate) / 10_000) + 37 * monthsAgo + 1);
      const holders = await trx
        .selectFrom('holding_entries')
        .select('id')
        .where('product_id', '=', Number(product.id))
        .where('created_at', '<=', monthEnd.toISOString())
        .executeTakeFirst();
      if (!holders) continue;
      await writeDistribution(trx, {
        productId: Number(product.id),
        amount,
        memo: `Revenue for ${monthEnd.toISOString().slice(0, 7)}`,
        currency: 'USD',
        createdBy: 'demo data',
        recordAt: monthEnd.toISOString(),
        paysAt: new Date(monthEnd.getTime() + 1 + 14 * DAY_MS).toISOString(),
        nowIso: now.toISOString(),
      });
    }
  }
}

export const demoRevenueSeeder: Seeder = { name: 'revenue', run: seedRevenue };
