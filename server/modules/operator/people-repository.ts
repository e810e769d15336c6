import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';

type Db = Kysely<Database>;

/** Text searched with LIKE: its wildcards are taken literally. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export interface PeopleSearch {
  text?: string;
  /** After this person in the newest-first order. */
  after?: { createdAt: string; id: string };
  limit: number;
}

/** Accounts newest first, whose email or name holds the text (any case). */
export async function searchPeople(db: Db, search: PeopleSearch) {
  let query = db.selectFrom('users').select(['id', 'email', 'name', 'role', 'kyc_status', 'is_banned', 'created_at']);
  const text = search.text?.trim();
  if (text) {
    const pattern = likePattern(text);
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(coalesce(users.email, ''))`, 'like', sql<string>`${pattern} escape '\\'`),
        eb(sql<string>`lower(coalesce(users.name, ''))`, 'like', sql<string>`${pattern} escape '\\'`),
        eb(sql<string>`lower(coalesce(users.legal_name, ''))`, 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  const after = search.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
      ]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(search.limit).execute();
}

export function findPerson(db: Db, userId: string) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

export function findPersonHoldings(db: Db, userId: string) {
  return db
    .selectFrom('product_holdings')
    .innerJoin('products', 'products.id', 'product_holdings.product_id')
    .select([
      'product_holdings.product_id',
      'products.name as product_name',
      'product_holdings.quantity',
      'product_holdings.first_invested_at',
    ])
    .where('product_holdings.user_id', '=', userId)
    .where('product_holdings.quantity', '>', 0)
    .orderBy('product_holdings.first_invested_at')
    .execute();
}

export function findPersonOrders(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('orders')
    .innerJoin('products', 'products.id', 'orders.product_id')
    .select([
      'orders.reference',
      'orders.state',
      'orders.product_id',
      'products.name as product_name',
      'orders.quantity',
      'orders.amount',
      'orders.currency',
      'orders.created_at',
    ])
    .where('orders.user_id', '=', userId)
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.reference', 'desc')
    .limit(limit)
    .execute();
}

export function findPersonSessions(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('sessions')
    .select(['method', 'ip', 'user_agent', 'created_at', 'expires_at', 'revoked_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
