import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceAt, credit, debit, hadHoldersBy, holdersAt } from '../../server/modules/holdings/service';
import { insertCategory, insertProduct } from '../../server/modules/products/factory';
import { createTestDb, testEngines, type TestDb } from '../helpers/db';

/**
 * The holdings module's service: what orders, the market, account statements, governance and the
 * seed call to move and read holdings. A credit adds, a debit takes away, the ledger answers the
 * balance and the holders at any moment, and the projection the catalogue reads moves with it.
 */
describe.each(testEngines())('holdings on %s', (engine) => {
  let t: TestDb;
  let productId: number;
  const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T09:00:00.000Z`;
  const movement = (userId: string, quantity: number, day: number) => ({
    productId,
    userId,
    quantity,
    reason: 'DISTRIBUTION' as const,
    orderId: null,
    note: 'test holding',
    at: at(day),
  });
  const projected = async (userId: string) => {
    const row = await t.db
      .selectFrom('product_holdings')
      .select('quantity')
      .where('product_id', '=', productId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && Number(row.quantity);
  };
  const investorCount = async () =>
    Number(
      (await t.db.selectFrom('products').select('investor_count').where('id', '=', productId).executeTakeFirstOrThrow())
        .investor_count,
    );

  beforeAll(async () => {
    t = await createTestDb(engine);
    const created = at(1);
    await sql`insert into users (id, email, name, is_banned, is_hide_badge, created_at, updated_at)
      values ('h1', 'h1@example.com', 'H1', 0, 0, ${created}, ${created}),
             ('h2', 'h2@example.com', 'H2', 0, 0, ${created}, ${created}),
             ('h3', 'h3@example.com', 'H3', 0, 0, ${created}, ${created})`.execute(t.db);
    productId = await insertProduct(t.db, { categoryId: await insertCategory(t.db, 'Holdings'), name: 'Holdings' });
  });
  afterAll(() => t.destroy());

  it('credits and debits by the quantity given, and reads the balance as it stood at any moment', async () => {
    await credit(t.db, movement('h1', 70, 2));
    await credit(t.db, movement('h2', 30, 3));
    await debit(t.db, movement('h1', 20, 4));

    expect(await balanceAt(t.db, productId, 'h1')).toBe(50);
    expect(await balanceAt(t.db, productId, 'h1', at(3))).toBe(70);
    expect(await balanceAt(t.db, productId, 'h1', at(1))).toBe(0);
    expect(await projected('h1')).toBe(50);
    expect(await holdersAt(t.db, productId, at(2))).toEqual([{ userId: 'h1', balance: 70 }]);
    expect(await holdersAt(t.db, productId, at(4))).toEqual([
      { userId: 'h1', balance: 50 },
      { userId: 'h2', balance: 30 },
    ]);
    expect(await hadHoldersBy(t.db, productId, at(1))).toBe(false);
    expect(await hadHoldersBy(t.db, productId, at(2))).toBe(true);
    expect(await investorCount()).toBe(2);

    // Selling out drops the holder from the holders and the investor count.
    await debit(t.db, movement('h2', 30, 5));
    expect(await holdersAt(t.db, productId, at(5))).toEqual([{ userId: 'h1', balance: 50 }]);
    expect(await investorCount()).toBe(1);
  });

  it('refuses a debit past the balance or of no holding, and a quantity that is not a positive whole number', async () => {
    await expect(t.db.transaction().execute((trx) => debit(trx, movement('h1', 51, 6)))).rejects.toThrow();
    // The caller's transaction rolls back with it, so the entry written first goes too.
    await expect(t.db.transaction().execute((trx) => debit(trx, movement('h3', 1, 6)))).rejects.toThrow(/No holding/);
    expect(await balanceAt(t.db, productId, 'h3')).toBe(0);
    for (const quantity of [0, -5, 1.5]) {
      await expect(credit(t.db, movement('h1', quantity, 6))).rejects.toThrow(/above zero/);
      await expect(debit(t.db, movement('h1', quantity, 6))).rejects.toThrow(/above zero/);
    }
    expect(await balanceAt(t.db, productId, 'h1')).toBe(50);
    expect(await projected('h1')).toBe(50);
  });
});
