import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, ProductAboutTable, ProductsTable } from '../../db/types';
import type { ProductPartTable } from './catalogue-repository';

type Db = Kysely<Database>;

/** The SQL of the operator's project editing (products/editing.ts). */

/** The parts of a project an operator writes, each an ordered list of rows of its own table. */
export const EDITED_PARTS = [
  'product_team_members',
  'product_social_links',
  'product_deal_terms',
  'product_images',
  'product_gifts',
  'product_faqs',
  'product_risks',
  'product_custom_sections',
  'product_pay_methods',
  'product_community_badges',
] as const satisfies readonly ProductPartTable[];
export type EditedPart = (typeof EDITED_PARTS)[number];

export async function findProjectForEditing(db: Db, productId: number) {
  const product = await db
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .selectAll('products')
    .select('categories.name as category_name')
    .where('products.id', '=', productId)
    .executeTakeFirst();
  if (!product) return undefined;
  const about = await db.selectFrom('product_about').selectAll().where('product_id', '=', productId).executeTakeFirst();
  const part = <T extends EditedPart>(table: T) =>
    db
      .selectFrom(table as EditedPart)
      .selectAll()
      .where('product_id', '=', productId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute() as Promise<Array<Selectable<Database[T]> & { id: number }>>;
  return {
    product,
    about: about ?? null,
    team: await part('product_team_members'),
    socialLinks: await part('product_social_links'),
    dealTerms: await part('product_deal_terms'),
    images: await part('product_images'),
    gifts: await part('product_gifts'),
    faqs: await part('product_faqs'),
    risks: await part('product_risks'),
    customSections: await part('product_custom_sections'),
    payMethods: await part('product_pay_methods'),
    communityBadges: await part('product_community_badges'),
  };
}
export type ProjectForEditing = NonNullable<Awaited<ReturnType<typeof findProjectForEditing>>>;

/** Every project, newest first, or those of `productIds` (a seller's); null is every project. */
export async function listProjectsForOperator(db: Db, productIds: number[] | null) {
  let query = db
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .select([
      'products.id',
      'products.name',
      'products.token_name',
      'products.image',
      'products.hide_status',
      'products.is_restricted',
      'products.price_per_token',
      'products.total_quantity',
      'products.remaining_quantity',
      'products.starts_at',
      'products.ends_at',
      'products.created_at',
      'categories.name as category_name',
    ])
    .orderBy('products.id', 'desc');
  if (productIds) {
    if (productIds.length === 0) return [];
    query = query.where('products.id', 'in', productIds);
  }
  return query.execute();
}

export async function listCategoryNames(db: Db) {
  return db.selectFrom('categories').select(['id', 'name']).orderBy('sort_order').orderBy('id').execute();
}

export async function categoryExists(db: Db, categoryId: number): Promise<boolean> {
  const row = await db.selectFrom('categories').select('id').where('id', '=', categoryId).executeTakeFirst();
  return row !== undefined;
}

export async function updateProductRow(db: Db, productId: number, values: Updateable<ProductsTable>) {
  const result = await db.updateTable('products').set(values).where('id', '=', productId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Publishing and hiding: a conditional update, so the answer says whether it changed anything. */
export async function setHideStatus(db: Db, productId: number, status: 'SHOW' | 'HIDE'): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ hide_status: status })
    .where('id', '=', productId)
    .where('hide_status', '!=', status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function replaceProductAbout(
  db: Db,
  productId: number,
  values: Omit<Insertable<ProductAboutTable>, 'product_id'> | null,
) {
  await db.deleteFrom('product_about').where('product_id', '=', productId).execute();
  if (values)
    await db
      .insertInto('product_about')
      .values({ ...values, product_id: productId })
      .execute();
}

/** The ids of a part's rows of this project. */
export async function partIds(db: Db, table: EditedPart, productId: number): Promise<number[]> {
  const rows = await db
    .selectFrom(table as EditedPart)
    .select('id')
    .where('product_id', '=', productId)
    .execute();
  return rows.map((row) => Number(row.id));
}

export async function updatePartRow<T extends EditedPart>(
  db: Db,
  table: T,
  productId: number,
  id: number,
  values: Updateable<Database[T]>,
) {
  await db
    .updateTable(table as EditedPart)
    .set(values as never)
    .where('id', '=', id)
    .where('product_id', '=', productId)
    .execute();
}

export async function deletePartRows(db: Db, table: EditedPart, productId: number, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .deleteFrom(table as EditedPart)
    .where('product_id', '=', productId)
    .where('id', 'in', ids)
    .execute();
}

/**
 * Every holder's balance at a moment, summed from the ledger of holdings (holding_entries, the
 * same sum governance and distributions read), with the holder's email, largest first.
 */
export async function ledgerCapTable(db: Db, productId: number, at: string) {
  const rows = await db
    .selectFrom('holding_entries')
    .innerJoin('users', 'users.id', 'holding_entries.user_id')
    .select((eb) => [
      'holding_entries.user_id',
      'users.email',
      eb.fn.sum<number>('holding_entries.quantity').as('balance'),
    ])
    .where('holding_entries.product_id', '=', productId)
    .where('holding_entries.created_at', '<=', at)
    .groupBy(['holding_entries.user_id', 'users.email'])
    .having((eb) => eb.fn.sum('holding_entries.quantity'), '>', 0)
    .execute();
  return rows
    .map((row) => ({ userId: row.user_id, email: row.email, balance: Number(row.balance) }))
    .sort((a, b) => b.balance - a.balance || a.userId.localeCompare(b.userId));
}

/** Rows still pointed at: pay methods by orders, gifts by claims. They cannot be removed. */
export async function referencedRows(db: Db, table: EditedPart, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  if (table === 'product_pay_methods') {
    const rows = await db
      .selectFrom('orders')
      .select('pay_method_id as id')
      .distinct()
      .where('pay_method_id', 'in', ids)
      .execute();
    return rows.map((row) => Number(row.id));
  }
  if (table === 'product_gifts') {
    const rows = await db
      .selectFrom('gift_claims')
      .select('gift_id as id')
      .distinct()
      .where('gift_id', 'in', ids)
      .execute();
    return rows.map((row) => Number(row.id));
  }
  return [];
}
