import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it, vi } from 'vitest';
import { createDb, type Engine } from '../../server/db/client';
import { migrateToLatest, withMigrator } from '../../server/db/migrate';
import { migrations } from '../../server/db/migrations/index';
import { seedDemoDataOnce } from '../../server/db/seed/index';
import { appendHoldingEntry, ledgerBalance } from '../../server/modules/holdings/repository';
import { testEngines } from '../helpers/db';

// Rendering signed PDFs and firing hundreds of requests take a while on a busy machine.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 60_000 });

async function openEmpty(engine: Engine) {
  if (engine === 'sqlite') return createDb({ dataDir: mkdtempSync(path.join(tmpdir(), 'moa-ledger-')) });
  const url = inject('postgresUrl')!;
  const schema = `${inject('postgresSchemaPrefix')}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = createDb({ url, dataDir: tmpdir(), schema, poolSize: 2 });
  return { ...handle, schema };
}

describe.each(testEngines())('the holdings ledger on %s', (engine) => {
  it('moves holdings that existed before it into opening entries, and documents into first versions', async () => {
    const handle = await openEmpty(engine);
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '2026-11-22-0600'));
    expect((await withMigrator(handle.db, (migrator) => migrator.migrateToLatest(), before)).error).toBeUndefined();
    const at = '2026-10-01T00:00:00.000Z';
    const db = handle.db;
    await sql`insert into users (id, email, name, is_banned, is_hide_badge, created_at, updated_at)
      values ('u1', 'a@example.com', 'A', 0, 0, ${at}, ${at}), ('u2', 'b@example.com', 'B', 0, 0, ${at}, ${at})`.execute(
      db,
    );
    const category = await db
      .insertInto('categories')
      .values({ name: 'Film' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const product = await sql<{ id: number }>`insert into products (category_id, name, description, image, logo,
      token_name, price_per_token, total_quantity, remaining_quantity, user_min_investment, regulation,
      investment_risk_disclaimer, created_at)
      values (${category.id}, 'Film', 'd', '/i.png', '/l.png', 'FLM', 100, 1000, 900, 100, 'Reg S', 'Risky', ${at})
      returning id`.execute(db);
    const productId = Number(product.rows[0]!.id);
    await db
      .insertInto('product_holdings')
      .values([
        { product_id: productId, user_id: 'u1', quantity: 70, first_invested_at: at, updated_at: at },
        { product_id: productId, user_id: 'u2', quantity: 30, first_invested_at: at, updated_at: at },
      ])
      .execute();
    await db
      .insertInto('product_documents')
      .values({ product_id: productId, name: 'Terms', description: 'd', url: '/demo/documents/x.pdf' })
      .execute();

    await migrateToLatest(db);
    expect(await ledgerBalance(db, productId, 'u1')).toBe(70);
    expect(await ledgerBalance(db, productId, 'u2')).toBe(30);
    expect(await ledgerBalance(db, productId, 'u1', '2026-09-30T00:00:00.000Z')).toBe(0);
    const entries = await db.selectFrom('holding_entries').select(['reason', 'created_at']).execute();
    expect(entries.map((entry) => entry.reason)).toEqual(['OPENING_BALANCE', 'OPENING_BALANCE']);
    expect(entries[0]!.created_at).toBe(at);
    const versions = await db.selectFrom('product_document_versions').select(['version', 'url']).execute();
    expect(versions).toEqual([{ version: 1, url: '/demo/documents/x.pdf' }]);
    // The investor count kept on the project starts from the holdings there were.
    const counted = await db
      .selectFrom('products')
      .select('investor_count')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(Number(counted.investor_count)).toBe(2);
    await handle.close();
  });

  it('keeps each project’s investor count as holdings rise from nothing and fall to nothing', async () => {
    const handle = await openEmpty(engine);
    const db = handle.db;
    await migrateToLatest(db);
    await seedDemoDataOnce(db);
    const counted = async () => {
      const rows = await db
        .selectFrom('products')
        .select((eb) => [
          'products.id',
          'products.investor_count',
          eb
            .selectFrom('product_holdings')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('product_holdings.product_id', '=', 'products.id')
            .where('product_holdings.quantity', '>', 0)
            .as('holders'),
        ])
        .execute();
      for (const row of rows) expect(Number(row.investor_count), `project ${row.id}`).toBe(Number(row.holders));
      return new Map(rows.map((row) => [Number(row.id), Number(row.investor_count)]));
    };
    const { id: productId } = await db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    await sql`insert into users (id, email, name, is_banned, is_hide_badge, created_at, updated_at)
      values ('c1', 'c1@example.com', 'C', 0, 0, ${at}, ${at}), ('c2', 'c2@example.com', 'D', 0, 0, ${at}, ${at})`.execute(
      db,
    );
    const start = (await counted()).get(Number(productId))!;
    const entry = (userId: string, quantity: number) =>
      appendHoldingEntry(db, {
        productId: Number(productId),
        userId,
        quantity,
        reason: quantity > 0 ? 'OPENING_BALANCE' : 'CORRECTION',
        orderId: null,
        note: null,
        at: new Date().toISOString(),
      });
    for (const [userId, quantity, expected] of [
      ['c1', 5, start + 1],
      ['c1', 3, start + 1],
      ['c2', 1, start + 2],
      ['c1', -8, start + 1],
      ['c1', 2, start + 2],
      ['c2', -1, start + 1],
    ] as const) {
      await entry(userId, quantity);
      expect((await counted()).get(Number(productId))).toBe(expected);
    }
    await handle.close();
  });

  it('gives every demo holding a ledger that sums to it', async () => {
    const handle = await openEmpty(engine);
    await migrateToLatest(handle.db);
    await seedDemoDataOnce(handle.db);
    const holdings = await handle.db.selectFrom('product_holdings').selectAll().execute();
    expect(holdings.length).toBeGreaterThan(10);
    const sums = await handle.db
      .selectFrom('holding_entries')
      .select((eb) => ['product_id', 'user_id', eb.fn.sum<number>('quantity').as('total')])
      .groupBy(['product_id', 'user_id'])
      .execute();
    const byKey = new Map(sums.map((row) => [`${row.product_id}:${row.user_id}`, Number(row.total)]));
    for (const holding of holdings) {
      expect(byKey.get(`${holding.product_id}:${holding.user_id}`)).toBe(Number(holding.quantity));
    }
    expect(byKey.size).toBe(holdings.length);
    const methods = await handle.db.selectFrom('product_pay_methods').selectAll().execute();
    for (const method of methods) {
      if (method.pay_method_type === 'ACCOUNT') expect(method.bank_name && method.account_holder).toBeTruthy();
      else expect(method.network && method.asset).toBeTruthy();
    }
    await handle.close();
  });
});
