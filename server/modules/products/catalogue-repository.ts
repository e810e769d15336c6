import type { Insertable, Kysely } from 'kysely';
import type { Database, ProductAboutTable, ProductsTable } from '../../db/types';

type Db = Kysely<Database>;

/** Writes of the catalogue (SQL only): the product factory and the demo data go through these. */

export async function insertCategory(db: Db, name: string, sortOrder = 0): Promise<number> {
  const row = await db
    .insertInto('categories')
    .values({ name, sort_order: sortOrder })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertProductRow(db: Db, values: Insertable<ProductsTable>): Promise<number> {
  const row = await db.insertInto('products').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertProductAbout(db: Db, values: Insertable<ProductAboutTable>): Promise<void> {
  await db.insertInto('product_about').values(values).execute();
}

/** The parts of a detail stored as ordered rows of their own table. */
export type ProductPartTable =
  | 'product_team_members'
  | 'product_social_links'
  | 'product_deal_terms'
  | 'product_images'
  | 'product_gifts'
  | 'product_faqs'
  | 'product_risks'
  | 'product_custom_sections'
  | 'product_pay_methods'
  | 'product_community_sections'
  | 'product_community_badges';

export async function insertProductParts<T extends ProductPartTable>(
  db: Db,
  table: T,
  rows: Array<Insertable<Database[T]>>,
): Promise<void> {
  if (rows.length === 0) return;
  // Each call names one table and rows of its own shape; the union of tables is more than Kysely infers.
  await db
    .insertInto(table as ProductPartTable)
    .values(rows as never)
    .execute();
}

/** Documents, each with its first version: the history the project page shows. */
export async function insertDocumentsWithFirstVersion(
  db: Db,
  rows: Array<Insertable<Database['product_documents']>>,
  createdAt: string,
): Promise<void> {
  if (rows.length === 0) return;
  const created = await db.insertInto('product_documents').values(rows).returning(['id', 'url']).execute();
  await db
    .insertInto('product_document_versions')
    .values(
      created.map((doc) => ({
        document_id: Number(doc.id),
        version: 1,
        url: doc.url,
        created_by: 'catalogue',
        created_at: createdAt,
      })),
    )
    .execute();
}

/** What a digital gift turns out to be once claimed, for every digital gift (demo data). */
export async function setDigitalGiftReveal(db: Db, revealText: string): Promise<void> {
  await db.updateTable('product_gifts').set({ reveal_text: revealText }).where('is_digital', '=', 1).execute();
}

/** Projects with tokens held, with their price and the tokens held in all, by id. */
export async function findProductsWithHoldings(db: Db) {
  const rows = await db
    .selectFrom('products')
    .innerJoin('product_holdings', 'product_holdings.product_id', 'products.id')
    .select((eb) => [
      'products.id',
      'products.price_per_token',
      eb.fn.sum<number>('product_holdings.quantity').as('held'),
    ])
    .groupBy(['products.id', 'products.price_per_token'])
    .having((eb) => eb.fn.sum('product_holdings.quantity'), '>', 0)
    .orderBy('products.id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    pricePerToken: Number(row.price_per_token),
    held: Number(row.held),
  }));
}
