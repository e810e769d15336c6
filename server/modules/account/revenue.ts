import type { MyRevenueAndProducts, RevenueEntry, RevenueInterval } from '../../../src/domain/portfolio';
import { valueHolding } from '../../../src/domain/market';
import type { CallerId } from '../auth/service';
import type { AppContext } from '../../context';
import { findHeldProductsWithPaid, findUserShares } from './repository';

// What an investor holds and what it paid them, per project and per period.

export function shareState(paysAt: string, now: Date): 'SCHEDULED' | 'PAID' {
  return new Date(paysAt).getTime() <= now.getTime() ? 'PAID' : 'SCHEDULED';
}

function periodStart(iso: string, interval: RevenueInterval): string {
  const day = iso.slice(0, 10);
  if (interval === 'day') return day;
  if (interval === 'month') return `${day.slice(0, 7)}-01`;
  return `${day.slice(0, 4)}-01-01`;
}

function nextPeriod(date: string, interval: RevenueInterval): string {
  const at = new Date(`${date}T00:00:00.000Z`);
  if (interval === 'day') at.setUTCDate(at.getUTCDate() + 1);
  else if (interval === 'month') at.setUTCMonth(at.getUTCMonth() + 1);
  else at.setUTCFullYear(at.getUTCFullYear() + 1);
  return at.toISOString().slice(0, 10);
}

/** Paid revenue per period, with empty periods between the first and the last filled in (for charts). */
function bucketRevenue(paid: Array<{ amount: number; paysAt: string }>, interval: RevenueInterval): RevenueEntry[] {
  const sums = new Map<string, number>();
  for (const share of paid) {
    const key = periodStart(share.paysAt, interval);
    sums.set(key, (sums.get(key) ?? 0) + share.amount);
  }
  const keys = [...sums.keys()].sort();
  if (!keys.length) return [];
  const out: RevenueEntry[] = [];
  for (let key = keys[0]!, guard = 0; key <= keys[keys.length - 1]! && guard < 5000; key = nextPeriod(key, interval)) {
    out.push({ date: key, revenue: sums.get(key) ?? 0 });
    guard += 1;
  }
  return out;
}

export async function getMyRevenues(
  ctx: AppContext,
  caller: CallerId,
  query: { from?: string; to?: string; productId?: number; interval: RevenueInterval },
): Promise<MyRevenueAndProducts> {
  const userId = caller.user.id;
  const now = ctx.now();
  // The held projects with what was paid for each, then the shares: two statements.
  const held = await findHeldProductsWithPaid(ctx.db, userId);
  const rows = await findUserShares(ctx.db, userId, query.productId);
  const shares = rows.map((row) => ({
    id: Number(row.id),
    productId: Number(row.product_id),
    productName: row.product_name,
    amount: Number(row.amount),
    balance: Number(row.balance),
    recordDate: row.record_at.slice(0, 10),
    paysAt: row.pays_at,
    memo: row.memo,
    state: shareState(row.pays_at, now),
    entryId: row.entry_id === null ? null : Number(row.entry_id),
  }));
  const inWindow = (paysAt: string) =>
    (!query.from || paysAt.slice(0, 10) >= query.from) && (!query.to || paysAt.slice(0, 10) <= query.to);
  const paid = shares.filter((share) => share.state === 'PAID' && inWindow(share.paysAt));
  const scheduled = shares.filter((share) => share.state === 'SCHEDULED');
  const revenuePaidByProduct = new Map<number, number>();
  for (const share of shares) {
    if (share.state !== 'PAID') continue;
    revenuePaidByProduct.set(share.productId, (revenuePaidByProduct.get(share.productId) ?? 0) + share.amount);
  }
  const listed = held.filter((row) => !query.productId || Number(row.id) === query.productId);
  const products = listed.map((row) => {
    const id = Number(row.id);
    const purchaseAmount = Number(row.quantity);
    const pricePerToken = Number(row.price_per_token);
    const lastPrice = row.last_price;
    const valued = valueHolding({
      quantity: purchaseAmount,
      offeringPrice: pricePerToken,
      lastPrice,
      bought: {
        quantity: row.paid_quantity + row.bought_quantity,
        amount: row.paid_amount + row.bought_amount,
      },
    });
    return {
      id,
      name: row.name,
      logo: row.logo,
      tokenName: row.token_name,
      purchaseAmount,
      pricePerToken,
      portfolioBalance: purchaseAmount * pricePerToken,
      paidAmount: row.paid_amount,
      revenuePaid: revenuePaidByProduct.get(id) ?? 0,
      lastPrice,
      marketValue: valued.marketValue,
      costBasis: valued.costBasis,
      gain: valued.gain,
    };
  });
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    currency: ctx.config.CURRENCY,
    interval: query.interval,
    revenues: bucketRevenue(paid, query.interval),
    products,
    shares: [...scheduled, ...paid],
    totals: {
      portfolioBalance: sum(products.map((product) => product.portfolioBalance)),
      paidAmount: sum(products.map((product) => product.paidAmount)),
      revenuePaid: sum(paid.map((share) => share.amount)),
      revenueScheduled: sum(scheduled.map((share) => share.amount)),
      marketValue: sum(products.map((product) => product.marketValue)),
      costBasis: sum(products.map((product) => product.costBasis)),
      gain: sum(products.map((product) => product.gain)),
    },
  };
}
