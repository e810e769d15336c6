import {
  ORDERS_PAGE_SIZE,
  type OperatorOrderList,
  type OperatorOrdersQuery,
} from '../../../src/domain/operator-orders';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { searchOrders } from './orders-repository';
import { assertMayActOn, scopeOf, type Operator } from './service';

/**
 * The console's orders: an admin sees every project's, a seller only those of the projects
 * assigned to it. What an operator does with an order (confirm, reject, refund, cancel) is an
 * action of actions.ts; this only finds them.
 */

function cursorOf(order: { createdAt: string; id: string }): string {
  return `${order.createdAt}|${order.id}`;
}

function parseCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  const [createdAt, id, ...more] = cursor.split('|');
  if (!createdAt || !id || more.length || Number.isNaN(Date.parse(createdAt))) {
    throw new AppError('VALIDATION_FAILED', 'The page cursor is not one this list gave.');
  }
  return { createdAt, id };
}

/** Orders by state, reference, email or project, newest first unless asked otherwise. */
export async function listOrders(
  ctx: AppContext,
  operator: Operator,
  query: OperatorOrdersQuery,
): Promise<OperatorOrderList> {
  // A seller naming a project not assigned to it is refused, not answered with an empty list.
  if (query.productId !== undefined) await assertMayActOn(ctx, operator, query.productId);
  const rows = await searchOrders(ctx.db, {
    state: query.state,
    text: query.q,
    productId: query.productId,
    productIds: await scopeOf(ctx, operator),
    isNewestFirst: query.sort !== 'createdAt',
    after: parseCursor(query.cursor),
    limit: ORDERS_PAGE_SIZE + 1,
  });
  const orders = rows.slice(0, ORDERS_PAGE_SIZE).map((row) => ({
    id: row.id,
    reference: row.reference,
    state: row.state,
    userId: row.user_id,
    email: row.email,
    productId: Number(row.product_id),
    productName: row.product_name,
    quantity: Number(row.quantity),
    amount: Number(row.amount),
    currency: row.currency,
    payMethodType: row.pay_method_type,
    payerName: row.payer_name,
    declaredAt: row.payment_declared_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
  const last = orders.at(-1);
  return { orders, nextCursor: rows.length > ORDERS_PAGE_SIZE && last ? cursorOf(last) : null };
}
