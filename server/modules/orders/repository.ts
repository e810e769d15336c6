import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { OrderActor, OrderState } from '../../../src/domain/order-state';
import { compiledQueryFamily } from '../../db/compiled-query';
import type { ContractSignaturesTable, Database, OrdersTable } from '../../db/types';

type Db = Kysely<Database>;

export type OrderRow = Selectable<OrdersTable>;
export type SignatureRow = Selectable<ContractSignaturesTable>;

/** An order with what its screens show of the project and the pay method. */
export type OrderView = OrderRow & {
  product_name: string;
  token_name: string;
  product_logo: string;
  pay_method_name: string;
  pay_method_type: 'ACCOUNT' | 'CRYPTO';
  pay_method_address: string;
  pay_method_alias: string;
  bank_name: string | null;
  account_holder: string | null;
  network: string | null;
  asset: string | null;
  sign_file_id: string | null;
};

function selectOrderViews(db: Db) {
  return db
    .selectFrom('orders')
    .innerJoin('products', 'products.id', 'orders.product_id')
    .innerJoin('product_pay_methods', 'product_pay_methods.id', 'orders.pay_method_id')
    .leftJoin('contract_signatures', 'contract_signatures.order_id', 'orders.id')
    .selectAll('orders')
    .select([
      'products.name as product_name',
      'products.token_name as token_name',
      'products.logo as product_logo',
      'product_pay_methods.name as pay_method_name',
      'product_pay_methods.pay_method_type as pay_method_type',
      'product_pay_methods.address as pay_method_address',
      'product_pay_methods.alias as pay_method_alias',
      'product_pay_methods.bank_name as bank_name',
      'product_pay_methods.account_holder as account_holder',
      'product_pay_methods.network as network',
      'product_pay_methods.asset as asset',
      'contract_signatures.id as sign_file_id',
    ]);
}

export async function findOrderView(db: Db, id: string): Promise<OrderView | undefined> {
  return selectOrderViews(db).where('orders.id', '=', id).executeTakeFirst();
}

export async function findOrderViewByReference(db: Db, reference: string): Promise<OrderView | undefined> {
  return selectOrderViews(db).where('orders.reference', '=', reference).executeTakeFirst();
}

const ordersOfUser = compiledQueryFamily(
  (shape: { state: boolean; product: boolean }) => `${shape.state} ${shape.product}`,
  (db, params: { userId: string; state?: OrderState; productId?: number }, shape) => {
    let query = selectOrderViews(db).where('orders.user_id', '=', params.userId);
    if (shape.state) query = query.where('orders.state', '=', params.state!);
    if (shape.product) query = query.where('orders.product_id', '=', params.productId!);
    return query.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(500);
  },
);

export async function findOrdersOfUser(
  db: Db,
  userId: string,
  filter: { state?: OrderState; productId?: number },
): Promise<OrderView[]> {
  const shape = { state: Boolean(filter.state), product: Boolean(filter.productId) };
  return ordersOfUser(shape).execute(db, {
    userId,
    ...(shape.state ? { state: filter.state } : {}),
    ...(shape.product ? { productId: filter.productId } : {}),
  });
}

export async function findOrdersForOperator(
  db: Db,
  state: OrderState | null,
  limit: number,
  productIds: number[] | null = null,
) {
  let query = db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .innerJoin('products', 'products.id', 'orders.product_id')
    .innerJoin('product_pay_methods', 'product_pay_methods.id', 'orders.pay_method_id')
    .selectAll('orders')
    .select(['users.email', 'products.name as product_name', 'product_pay_methods.pay_method_type']);
  if (state) query = query.where('orders.state', '=', state);
  if (productIds)
    query = productIds.length ? query.where('orders.product_id', 'in', productIds) : query.where(sql<boolean>`1 = 0`);
  return query.orderBy('orders.created_at', 'desc').limit(limit).execute();
}

export async function findOrderByIdempotencyKey(db: Db, userId: string, key: string): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The investor's position row exists from the first order on, starting at what they hold. */
export async function ensurePosition(db: Db, productId: number, userId: string, at: string): Promise<void> {
  const held = db
    .selectFrom('product_holdings')
    .select('quantity')
    .where('product_id', '=', productId)
    .where('user_id', '=', userId);
  await db
    .insertInto('investor_positions')
    .values({
      product_id: productId,
      user_id: userId,
      committed_quantity: sql<number>`coalesce((${held}), 0)`,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(['product_id', 'user_id']).doNothing())
    .execute();
}

/**
 * Adds `quantity` to the investor's committed tokens only if the total stays within `maxTokens`
 * (null: no maximum). One conditional UPDATE: concurrent orders of one investor serialize on
 * this row, and each sees the total the previous one left.
 */
export async function commitToPosition(
  db: Db,
  productId: number,
  userId: string,
  quantity: number,
  maxTokens: number | null,
  at: string,
): Promise<boolean> {
  let query = db
    .updateTable('investor_positions')
    .set((eb) => ({ committed_quantity: eb('committed_quantity', '+', quantity), updated_at: at }))
    .where('product_id', '=', productId)
    .where('user_id', '=', userId);
  if (maxTokens !== null) query = query.where((eb) => eb(eb('committed_quantity', '+', quantity), '<=', maxTokens));
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releaseFromPosition(db: Db, productId: number, userId: string, quantity: number, at: string) {
  await db
    .updateTable('investor_positions')
    .set((eb) => ({ committed_quantity: eb('committed_quantity', '-', quantity), updated_at: at }))
    .where('product_id', '=', productId)
    .where('user_id', '=', userId)
    .execute();
}

export async function findPosition(db: Db, productId: number, userId: string): Promise<number> {
  const row = await db
    .selectFrom('investor_positions')
    .select('committed_quantity')
    .where('product_id', '=', productId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? Number(row.committed_quantity) : 0;
}

/**
 * The reserving statement: takes `quantity` off sale only if that many remain and the sale is
 * open at `at`. Never oversold on either engine: the row is locked by the update and the
 * condition is checked against its latest value.
 */
export async function reserveQuantity(db: Db, productId: number, quantity: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set((eb) => ({ remaining_quantity: eb('remaining_quantity', '-', quantity) }))
    .where('id', '=', productId)
    .where('remaining_quantity', '>=', quantity)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', at)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Puts tokens of a closed order back on sale. */
export async function returnQuantity(db: Db, productId: number, quantity: number): Promise<void> {
  await db
    .updateTable('products')
    .set((eb) => ({ remaining_quantity: eb('remaining_quantity', '+', quantity) }))
    .where('id', '=', productId)
    .execute();
}

export async function insertOrder(db: Db, values: Insertable<OrdersTable>): Promise<void> {
  await db.insertInto('orders').values(values).execute();
}

/**
 * Moves an order from `from` to `to` only if it is still in `from`: of two racing changes
 * (two expiry sweeps, an operator and the investor) exactly one applies.
 */
export async function moveOrderState(
  db: Db,
  id: string,
  from: OrderState,
  to: OrderState,
  at: string,
  extra: Partial<Pick<OrderRow, 'payer_name' | 'tx_hash' | 'payment_declared_at'>> = {},
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ state: to, updated_at: at, ...extra })
    .where('id', '=', id)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function appendOrderEvent(
  db: Db,
  event: {
    orderId: string;
    type: string;
    state: OrderState;
    actorType: OrderActor;
    actor: string;
    note: string | null;
    at: string;
  },
): Promise<void> {
  await db
    .insertInto('order_events')
    .values({
      order_id: event.orderId,
      type: event.type,
      state: event.state,
      actor_type: event.actorType,
      actor: event.actor,
      note: event.note,
      created_at: event.at,
    })
    .execute();
}

export async function findOrderEvents(db: Db, orderId: string) {
  return db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/** Orders whose deadline passed while still unpaid, oldest first. */
export async function findDueOrderIds(db: Db, at: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where('state', 'in', ['RESERVED', 'SIGNED'])
    .where('expires_at', '<=', at)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

export async function insertSignature(db: Db, values: Insertable<ContractSignaturesTable>): Promise<void> {
  await db.insertInto('contract_signatures').values(values).execute();
}

export async function findSignatureOfOrder(db: Db, orderId: string): Promise<SignatureRow | undefined> {
  return db.selectFrom('contract_signatures').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

export async function findSignature(db: Db, id: string): Promise<SignatureRow | undefined> {
  return db.selectFrom('contract_signatures').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The signatures among `ids` that exist: their owner, to place each file in its folder. */
export async function findSignaturesByIds(db: Db, ids: string[]): Promise<Array<Pick<SignatureRow, 'id' | 'user_id'>>> {
  if (ids.length === 0) return [];
  return db.selectFrom('contract_signatures').select(['id', 'user_id']).where('id', 'in', ids).execute();
}

export async function findPayMethod(db: Db, productId: number, payMethodId: number) {
  return db
    .selectFrom('product_pay_methods')
    .selectAll()
    .where('id', '=', payMethodId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
}

/** The project's first pay method (the one an order paid from the balance names). */
export async function findFirstPayMethod(db: Db, productId: number) {
  return db
    .selectFrom('product_pay_methods')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('id')
    .executeTakeFirst();
}

export async function findInvestorAnswer(db: Db, userId: string) {
  return db
    .selectFrom('investor_verifications')
    .select(['review_status', 'review_answer'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function findIssuer(db: Db, productId: number) {
  return db
    .selectFrom('product_about')
    .select(['legal_name', 'address'])
    .where('product_id', '=', productId)
    .executeTakeFirst();
}
