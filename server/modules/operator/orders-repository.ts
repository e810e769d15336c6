import { sql, type Kysely } from 'kysely';
import type { OrderState } from '../../../src/domain/order-state';
import type { Database } from '../../db/types';

type Db = Kysely<Database>;

/** Text searched with LIKE: its wildcards are taken literally. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export interface OrderSearch {
  state?: OrderState;
  /** Held by the reference, the investor's email or the project's name (any case). */
  text?: string;
  productId?: number;
  /** The operator's projects; null for every project (an admin). */
  productIds: number[] | null;
  isNewestFirst: boolean;
  /** After this order in the list's sorting. */
  after?: { createdAt: string; id: string };
  limit: number;
}

/** Orders with their investor's email, project and pay method, by `created_at` then `id`. */
export async function searchOrders(db: Db, search: OrderSearch) {
  let query = db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .innerJoin('products', 'products.id', 'orders.product_id')
    .innerJoin('product_pay_methods', 'product_pay_methods.id', 'orders.pay_method_id')
    .select([
      'orders.id',
      'orders.reference',
      'orders.state',
      'orders.user_id',
      'orders.product_id',
      'orders.quantity',
      'orders.amount',
      'orders.currency',
      'orders.payer_name',
      'orders.payment_declared_at',
      'orders.created_at',
      'orders.updated_at',
      'users.email',
      'products.name as product_name',
      'product_pay_methods.pay_method_type',
    ]);
  if (search.productIds) {
    if (!search.productIds.length) return [];
    query = query.where('orders.product_id', 'in', search.productIds);
  }
  if (search.state) query = query.where('orders.state', '=', search.state);
  if (search.productId !== undefined) query = query.where('orders.product_id', '=', search.productId);
  const text = search.text?.trim();
  if (text) {
    const pattern = likePattern(text);
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(orders.reference)`, 'like', sql<string>`${pattern} escape '\\'`),
        eb(sql<string>`lower(coalesce(users.email, ''))`, 'like', sql<string>`${pattern} escape '\\'`),
        eb(sql<string>`lower(products.name)`, 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  const after = search.after;
  const direction = search.isNewestFirst ? 'desc' : 'asc';
  if (after) {
    const beyond = search.isNewestFirst ? '<' : '>';
    query = query.where((eb) =>
      eb.or([
        eb('orders.created_at', beyond, after.createdAt),
        eb.and([eb('orders.created_at', '=', after.createdAt), eb('orders.id', beyond, after.id)]),
      ]),
    );
  }
  return query.orderBy('orders.created_at', direction).orderBy('orders.id', direction).limit(search.limit).execute();
}
