import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

type Db = Kysely<Database>;

/** SQL of a project's sellers (product_sellers): the SELLER accounts assigned to it. */

export async function productExists(db: Db, productId: number): Promise<boolean> {
  const row = await db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst();
  return row !== undefined;
}

export async function isProductSeller(db: Db, productId: number, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('product_sellers')
    .select('user_id')
    .where('product_id', '=', productId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findProductsOfSeller(db: Db, userId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('product_sellers')
    .select('product_id')
    .where('user_id', '=', userId)
    .orderBy('product_id')
    .execute();
  return rows.map((row) => Number(row.product_id));
}

/** True when the link is new. */
export async function insertProductSeller(db: Db, productId: number, userId: string, at: string): Promise<boolean> {
  const result = await db
    .insertInto('product_sellers')
    .values({ product_id: productId, user_id: userId, assigned_at: at })
    .onConflict((conflict) => conflict.columns(['product_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** True when there was a link to remove. */
export async function deleteProductSeller(db: Db, productId: number, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('product_sellers')
    .where('product_id', '=', productId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listProductSellers(db: Db, productId: number) {
  return db
    .selectFrom('product_sellers')
    .innerJoin('users', 'users.id', 'product_sellers.user_id')
    .select(['users.email', 'users.role', 'product_sellers.assigned_at'])
    .where('product_sellers.product_id', '=', productId)
    .orderBy('product_sellers.assigned_at')
    .execute();
}
