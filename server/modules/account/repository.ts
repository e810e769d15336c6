import { PostgresAdapter, sql, type Insertable, type Kysely } from 'kysely';
import { compiledQuery, compiledQueryFamily } from '../../db/compiled-query';
import { keptParsed, relationsOf } from '../../db/json';
import type { Database, GiftClaimsTable, RevenueSharesTable } from '../../db/types';

type Db = Kysely<Database>;

function selectHeldProducts(db: Db, userId: string) {
  return db
    .selectFrom('product_holdings')
    .innerJoin('products', 'products.id', 'product_holdings.product_id')
    .select([
      'products.id',
      'products.name',
      'products.logo',
      'products.token_name',
      'products.price_per_token',
      'product_holdings.quantity',
    ])
    .where('product_holdings.user_id', '=', userId)
    .where('product_holdings.quantity', '>', 0)
    .orderBy('products.id');
}

const heldProducts = compiledQuery((db, params: { userId: string }) => selectHeldProducts(db, params.userId));

/** Projects the investor holds now (the ledger's projection), with what the value needs. */
export async function findHeldProducts(db: Db, userId: string) {
  return heldProducts.execute(db, { userId });
}

/** The held projects, each with the ids of its documents (the portfolio), in one statement. */
const heldWithDocuments = compiledQuery((db, params: { userId: string }) => {
  const { jsonArrayFrom } = relationsOf(db);
  return selectHeldProducts(db, params.userId).select((eb) =>
    jsonArrayFrom(
      eb
        .selectFrom('product_documents')
        .select('product_documents.id')
        .whereRef('product_documents.product_id', '=', 'products.id')
        .orderBy('product_documents.sort_order')
        .orderBy('product_documents.id'),
    ).as('documents'),
  );
});

export async function findHeldProductsWithDocuments(db: Db, userId: string) {
  const rows = await heldWithDocuments.execute(db, { userId });
  // A project's document list is the same for every holder: its text is parsed once (json.ts).
  return rows.map((row) => ({ ...row, documentIds: keptParsed(row.documents).map((document) => Number(document.id)) }));
}

/**
 * The held projects with what the investor paid for each over confirmed orders and bought on
 * the market, and each project's last trade price (the revenue page's products, valued as
 * docs/decisions/1823 says), in one statement.
 */
const heldWithPaid = compiledQuery((db, params: { userId: string }) =>
  selectHeldProducts(db, params.userId).select((eb) => [
    eb
      .selectFrom('orders')
      .select((inner) => inner.fn.sum<number>('orders.amount').as('amount'))
      .whereRef('orders.product_id', '=', 'products.id')
      .where('orders.user_id', '=', params.userId)
      .where('orders.state', '=', 'CONFIRMED')
      .as('paid_amount'),
    eb
      .selectFrom('orders')
      .select((inner) => inner.fn.sum<number>('orders.quantity').as('quantity'))
      .whereRef('orders.product_id', '=', 'products.id')
      .where('orders.user_id', '=', params.userId)
      .where('orders.state', '=', 'CONFIRMED')
      .as('paid_quantity'),
    eb
      .selectFrom('market_trades')
      .select((inner) => inner.fn.sum<number>('market_trades.amount').as('amount'))
      .whereRef('market_trades.product_id', '=', 'products.id')
      .where('market_trades.buyer_id', '=', params.userId)
      .as('bought_amount'),
    eb
      .selectFrom('market_trades')
      .select((inner) => inner.fn.sum<number>('market_trades.quantity').as('quantity'))
      .whereRef('market_trades.product_id', '=', 'products.id')
      .where('market_trades.buyer_id', '=', params.userId)
      .as('bought_quantity'),
    // The latest trade by the (product_id, created_at) index; the id breaks a tie in one instant.
    eb
      .selectFrom('market_trades')
      .select('market_trades.price')
      .whereRef('market_trades.product_id', '=', 'products.id')
      .orderBy('market_trades.created_at', 'desc')
      .orderBy('market_trades.id', 'desc')
      .limit(1)
      .as('last_price'),
  ]),
);

export async function findHeldProductsWithPaid(db: Db, userId: string) {
  const rows = await heldWithPaid.execute(db, { userId });
  return rows.map((row) => ({
    ...row,
    paid_amount: Number(row.paid_amount ?? 0),
    paid_quantity: Number(row.paid_quantity ?? 0),
    bought_amount: Number(row.bought_amount ?? 0),
    bought_quantity: Number(row.bought_quantity ?? 0),
    last_price: row.last_price === null || row.last_price === undefined ? null : Number(row.last_price),
  }));
}

export async function findHoldingQuantity(db: Db, userId: string, productId: number): Promise<number> {
  const row = await db
    .selectFrom('product_holdings')
    .select('quantity')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return Number(row?.quantity ?? 0);
}

/** The documents of the given projects, each with the url of its current version. */
export async function findDocumentsOfProducts(db: Db, productIds: number[]) {
  if (!productIds.length) return [];
  return db
    .selectFrom('product_documents')
    .innerJoin('products', 'products.id', 'product_documents.product_id')
    .select([
      'product_documents.id',
      'product_documents.product_id',
      'product_documents.name',
      'product_documents.url',
      'products.name as product_name',
    ])
    .where('product_documents.product_id', 'in', productIds)
    .orderBy('product_documents.product_id')
    .orderBy('product_documents.sort_order')
    .orderBy('product_documents.id')
    .execute();
}

export async function findDocumentById(db: Db, documentId: number) {
  return db.selectFrom('product_documents').selectAll().where('id', '=', documentId).executeTakeFirst();
}

export async function findSignedContracts(db: Db, userId: string) {
  return db
    .selectFrom('contract_signatures')
    .innerJoin('orders', 'orders.id', 'contract_signatures.order_id')
    .innerJoin('products', 'products.id', 'orders.product_id')
    .select([
      'contract_signatures.id',
      'contract_signatures.order_id',
      'contract_signatures.file_name',
      'contract_signatures.signed_at',
      'products.id as product_id',
      'products.name as product_name',
    ])
    .where('contract_signatures.user_id', '=', userId)
    .orderBy('contract_signatures.signed_at', 'desc')
    .execute();
}

// Revenue

export async function insertDistribution(
  db: Db,
  values: {
    productId: number;
    amount: number;
    currency: string;
    recordAt: string;
    paysAt: string;
    memo: string | null;
    createdBy: string;
    now: string;
    idempotencyKey?: string | null;
    repeatGuard?: string | null;
  },
): Promise<number> {
  const row = await db
    .insertInto('revenue_distributions')
    .values({
      idempotency_key: values.idempotencyKey ?? null,
      repeat_guard: values.repeatGuard ?? null,
      product_id: values.productId,
      amount: values.amount,
      currency: values.currency,
      record_at: values.recordAt,
      pays_at: values.paysAt,
      memo: values.memo,
      created_by: values.createdBy,
      created_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Shares written per statement, passed as one JSON parameter. */
const SHARES_PER_STATEMENT = 10_000;

/**
 * A distribution's shares, set-based: each statement inserts up to 10,000 rows selected from one
 * JSON parameter (SQLite's json_each, PostgreSQL's jsonb_to_recordset), so 100,000 holders take
 * ten statements and no query is built value by value. The amounts are computed before (exactly,
 * in BigInt), the database only stores them.
 */
export async function insertShares(db: Db, rows: Array<Insertable<RevenueSharesTable>>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (let start = 0; start < rows.length; start += SHARES_PER_STATEMENT) {
    const json = JSON.stringify(rows.slice(start, start + SHARES_PER_STATEMENT));
    if (pg) {
      await sql`insert into revenue_shares (distribution_id, product_id, user_id, balance, amount, pays_at, created_at)
        select r.distribution_id, r.product_id, r.user_id, r.balance, r.amount, r.pays_at, r.created_at
        from jsonb_to_recordset(cast(${json} as jsonb)) as r(distribution_id integer, product_id integer,
          user_id varchar(36), balance bigint, amount bigint, pays_at timestamptz, created_at timestamptz)`.execute(db);
    } else {
      await sql`insert into revenue_shares (distribution_id, product_id, user_id, balance, amount, pays_at, created_at)
        select json_extract(value, '$.distribution_id'), json_extract(value, '$.product_id'),
          json_extract(value, '$.user_id'), json_extract(value, '$.balance'), json_extract(value, '$.amount'),
          json_extract(value, '$.pays_at'), json_extract(value, '$.created_at')
        from json_each(${json})`.execute(db);
    }
  }
}

export async function findSharesOfDistribution(db: Db, distributionId: number) {
  return db
    .selectFrom('revenue_shares')
    .select(['user_id', 'balance', 'amount'])
    .where('distribution_id', '=', distributionId)
    .orderBy('user_id')
    .execute();
}

const userShares = compiledQueryFamily(
  (ofProduct: boolean) => String(ofProduct),
  (db, params: { userId: string; productId?: number }, ofProduct) => {
    let query = db
      .selectFrom('revenue_shares')
      .innerJoin('revenue_distributions', 'revenue_distributions.id', 'revenue_shares.distribution_id')
      .innerJoin('products', 'products.id', 'revenue_shares.product_id')
      // The balance entry that paid the share in, once the pay-date sweep has (one at most: unique key).
      .leftJoin('cash_entries', 'cash_entries.revenue_share_id', 'revenue_shares.id')
      .select([
        'revenue_shares.id',
        'cash_entries.id as entry_id',
        'revenue_shares.product_id',
        'revenue_shares.amount',
        'revenue_shares.balance',
        'revenue_shares.pays_at',
        'revenue_distributions.record_at',
        'revenue_distributions.memo',
        'products.name as product_name',
      ])
      .where('revenue_shares.user_id', '=', params.userId);
    if (ofProduct) query = query.where('revenue_shares.product_id', '=', params.productId!);
    return query.orderBy('revenue_shares.pays_at', 'desc').orderBy('revenue_shares.id', 'desc');
  },
);

export async function findUserShares(db: Db, userId: string, productId?: number) {
  return userShares(Boolean(productId)).execute(db, { userId, ...(productId ? { productId } : {}) });
}

/** The distribution a key committed, if any. */
export async function findDistributionByKey(db: Db, key: string) {
  return db
    .selectFrom('revenue_distributions')
    .select(['id', 'product_id', 'amount', 'record_at', 'pays_at', 'repeat_guard'])
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** Distributions of a project with the same amount whose record time falls on the given day. */
export async function findSameDistributions(
  db: Db,
  productId: number,
  amount: number,
  dayStart: string,
  dayEnd: string,
) {
  const rows = await db
    .selectFrom('revenue_distributions')
    .select('id')
    .where('product_id', '=', productId)
    .where('amount', '=', amount)
    .where('record_at', '>=', dayStart)
    .where('record_at', '<=', dayEnd)
    .orderBy('id')
    .execute();
  return rows.map((row) => Number(row.id));
}

export async function countShareHolders(db: Db, distributionId: number): Promise<number> {
  const row = await db
    .selectFrom('revenue_shares')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('distribution_id', '=', distributionId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findProductForDistribution(db: Db, productId: number) {
  return db.selectFrom('products').select(['id', 'name']).where('id', '=', productId).executeTakeFirst();
}

// Badges

/** Every community badge the investor's current holdings reach, highest limit first. */
export async function findReachedBadges(db: Db, userId: string) {
  return db
    .selectFrom('product_community_badges')
    .innerJoin('product_holdings', (join) =>
      join
        .onRef('product_holdings.product_id', '=', 'product_community_badges.product_id')
        .on('product_holdings.user_id', '=', userId),
    )
    .innerJoin('products', 'products.id', 'product_community_badges.product_id')
    .select([
      'product_community_badges.id',
      'product_community_badges.name',
      'product_community_badges.limit_quantity',
      'products.id as product_id',
      'products.name as product_name',
    ])
    .whereRef('product_holdings.quantity', '>=', 'product_community_badges.limit_quantity')
    .orderBy('product_community_badges.limit_quantity', 'desc')
    .orderBy('product_community_badges.id')
    .execute();
}

// Gifts

export async function findGifts(db: Db, productId: number) {
  return db
    .selectFrom('product_gifts')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('limit_quantity', 'desc')
    .orderBy('id')
    .execute();
}

export async function findClaim(db: Db, userId: string, productId: number) {
  return db
    .selectFrom('gift_claims')
    .selectAll()
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
}

export async function insertClaim(db: Db, values: Insertable<GiftClaimsTable>): Promise<void> {
  await db.insertInto('gift_claims').values(values).execute();
}

/** Claims oldest first; `productIds` keeps those of these projects only (null: every project). */
export async function listClaims(db: Db, state?: GiftClaimsTable['state'], productIds: number[] | null = null) {
  let query = db
    .selectFrom('gift_claims')
    .innerJoin('product_gifts', 'product_gifts.id', 'gift_claims.gift_id')
    .innerJoin('products', 'products.id', 'gift_claims.product_id')
    .innerJoin('users', 'users.id', 'gift_claims.user_id')
    .select([
      'gift_claims.id',
      'gift_claims.product_id',
      'gift_claims.state',
      'gift_claims.recipient_name',
      'gift_claims.delivery_address',
      'gift_claims.phone',
      'gift_claims.claimed_at',
      'gift_claims.shipped_at',
      'gift_claims.tracking',
      'product_gifts.title',
      'product_gifts.is_digital',
      'products.name as product_name',
      'users.email',
    ]);
  if (state) query = query.where('gift_claims.state', '=', state);
  if (productIds) {
    if (!productIds.length) return [];
    query = query.where('gift_claims.product_id', 'in', productIds);
  }
  return query.orderBy('gift_claims.claimed_at').orderBy('gift_claims.id').execute();
}

/** Only a requested physical gift can be shipped; the condition makes a second call a no-op. */
export async function markClaimShipped(db: Db, id: string, tracking: string | null, now: string): Promise<boolean> {
  const result = await db
    .updateTable('gift_claims')
    .set({ state: 'SHIPPED', shipped_at: now, tracking })
    .where('id', '=', id)
    .where('state', '=', 'REQUESTED')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findClaimById(db: Db, id: string) {
  return db.selectFrom('gift_claims').selectAll().where('id', '=', id).executeTakeFirst();
}

// Bank details and address book

export async function findBankAccount(db: Db, userId: string) {
  return db.selectFrom('payout_bank_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function upsertBankAccount(
  db: Db,
  values: { userId: string; bankName: string; holderName: string; numberSealed: string; last4: string; now: string },
): Promise<void> {
  await db
    .insertInto('payout_bank_accounts')
    .values({
      user_id: values.userId,
      bank_name: values.bankName,
      holder_name: values.holderName,
      number_sealed: values.numberSealed,
      number_last4: values.last4,
      created_at: values.now,
      updated_at: values.now,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        bank_name: values.bankName,
        holder_name: values.holderName,
        number_sealed: values.numberSealed,
        number_last4: values.last4,
        updated_at: values.now,
      }),
    )
    .execute();
}

export async function listWalletAddresses(db: Db, userId: string) {
  return db
    .selectFrom('wallet_addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function insertWalletAddress(
  db: Db,
  values: { id: string; userId: string; label: string; network: string; address: string; now: string },
): Promise<void> {
  await db
    .insertInto('wallet_addresses')
    .values({
      id: values.id,
      user_id: values.userId,
      label: values.label,
      network: values.network,
      address: values.address,
      created_at: values.now,
    })
    .execute();
}

export async function deleteWalletAddress(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('wallet_addresses')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Every ledger entry of the investor's holdings with its project's names, oldest first (yearly statements). */
export async function findLedgerEntriesOfUser(db: Db, userId: string) {
  return db
    .selectFrom('holding_entries')
    .innerJoin('products', 'products.id', 'holding_entries.product_id')
    .select([
      'holding_entries.product_id',
      'holding_entries.quantity',
      'holding_entries.reason',
      'holding_entries.created_at',
      'products.name as product_name',
      'products.token_name',
    ])
    .where('holding_entries.user_id', '=', userId)
    .orderBy('holding_entries.created_at')
    .orderBy('holding_entries.id')
    .execute();
}
