/**
 * The signed-in investor of the read benchmarks, a holder of many projects, written the same way
 * at demo size and at the generated size so each read answers the same amount at both and only
 * the data around the holder grows: ten projects (the first governance project and nine spread
 * over the catalogue) held since a year ago through the ledger, a year of monthly revenue
 * distributions on each, open agendas on the governance project, and an inbox of notifications,
 * most of them unread. Bench code, not app code: each part is written through the repositories
 * the app writes it with.
 */
import type { Kysely } from 'kysely';
import { writeDistribution } from '../server/modules/account/distributions';
import { appendHoldingEntry } from '../server/modules/holdings/repository';
import { insertNotifications, type NewNotificationRow } from '../server/modules/notifications/repository';
import type { Database } from '../server/db/types';

const DAY_MS = 86_400_000;

export const HOLDER = { projects: 10, distributionsPerProject: 12, notifications: 300, read: 100 };

export interface HolderData {
  productIds: number[];
  governanceId: number | null;
}

export async function fillHolderData(
  db: Kysely<Database>,
  userId: string,
  options: { now: Date; currency: string },
): Promise<HolderData> {
  const { now } = options;
  const visible = await db
    .selectFrom('products')
    .select(['id', 'is_governance'])
    .where('is_restricted', '=', 0)
    .where('hide_status', '=', 'SHOW')
    .orderBy('id')
    .execute();
  const governanceId = visible.find((row) => row.is_governance === 1)?.id ?? null;
  const others = visible.filter((row) => row.id !== governanceId).map((row) => Number(row.id));
  const wanted = HOLDER.projects - (governanceId === null ? 0 : 1);
  // Spread evenly over the catalogue: the first few at demo size, one in a thousand or so at 10,000.
  const step = Math.max(1, Math.floor(others.length / wanted));
  const spread = Array.from({ length: Math.min(wanted, others.length) }, (_, index) => others[index * step]!);
  const productIds = [...(governanceId === null ? [] : [Number(governanceId)]), ...spread];

  const heldSince = new Date(now.getTime() - 400 * DAY_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    for (const [index, productId] of productIds.entries()) {
      await appendHoldingEntry(trx, {
        productId,
        userId,
        quantity: 5 + index,
        reason: 'OPENING_BALANCE',
        orderId: null,
        note: 'bench holder',
        at: heldSince,
      });
    }
    // A year of monthly distributions on each: eleven paid, the last one scheduled.
    for (const productId of productIds) {
      for (let monthsAgo = HOLDER.distributionsPerProject; monthsAgo >= 1; monthsAgo -= 1) {
        const recordAt = new Date(now.getTime() - monthsAgo * 30 * DAY_MS);
        await writeDistribution(trx, {
          productId,
          amount: 10_000 + monthsAgo * 37 + productId,
          memo: `Revenue ${monthsAgo} months ago`,
          currency: options.currency,
          createdBy: 'bench',
          recordAt: recordAt.toISOString(),
          paysAt: new Date(recordAt.getTime() + 45 * DAY_MS).toISOString(),
          nowIso: now.toISOString(),
        });
      }
    }
  });

  const rows: NewNotificationRow[] = Array.from({ length: HOLDER.notifications }, (_, index) => {
    const productId = productIds[index % productIds.length] ?? null;
    return {
      user_id: userId,
      type: 'PROPOSAL_CREATED',
      product_id: productId,
      title: `A new proposal ${index + 1}`,
      body: 'Holders are asked to vote on a proposal.',
      params: JSON.stringify({ title: `Proposal ${index + 1}` }),
      link: productId === null ? '/' : `/projects/${productId}`,
      created_at: new Date(now.getTime() - (HOLDER.notifications - index) * 3_600_000).toISOString(),
    };
  });
  const inserted = await insertNotifications(db, rows);
  const oldest = inserted
    .map((row) => Number(row.id))
    .sort((a, b) => a - b)
    .slice(0, HOLDER.read);
  await db.updateTable('notifications').set({ read_at: now.toISOString() }).where('id', 'in', oldest).execute();
  return { productIds, governanceId: governanceId === null ? null : Number(governanceId) };
}
