import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as votingPower from '../../server/db/migrations/2026-11-25-1005-governance-voting-power';
import { appendHoldingEntry } from '../../server/modules/holdings/repository';
import { insertCategory, insertProduct } from '../../server/modules/products/factory';
import { insertUser } from '../../server/modules/users/records-repository';
import { createTestDb, testEngines, type TestDb } from '../helpers/db';

/**
 * Items opened before voting power was written as rows get their rows from the ledger at their
 * snapshot; an open one's quorum base becomes the sum of its rows, a closed one keeps its count.
 */
describe.each(testEngines())('voting power of items opened before the rows (%s)', (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb(engine);
  });
  afterAll(() => db.destroy());

  it('writes each holder’s balance at the snapshot and fixes open quorum bases', async () => {
    const snapshot = '2026-11-20T10:00:00.000Z';
    const productId = await insertProduct(db.db, { categoryId: await insertCategory(db.db, 'Before'), name: 'Old' });
    const users: string[] = [];
    for (const name of ['a', 'b', 'c', 'd']) {
      users.push(await insertUser(db.db, { email: `${name}@before.example`, name }, snapshot));
    }
    const [a, b, c, d] = users as [string, string, string, string];
    const credit = (userId: string, quantity: number, at: string) =>
      appendHoldingEntry(db.db, { productId, userId, quantity, reason: 'DISTRIBUTION', orderId: null, note: null, at });
    await credit(a, 30, '2026-11-19T00:00:00.000Z');
    await credit(b, 10, '2026-11-19T00:00:00.000Z');
    await credit(b, -10, '2026-11-19T12:00:00.000Z'); // sold out before: no power
    await credit(c, 5, snapshot); // at the very moment: counted
    await credit(d, 7, '2026-11-21T00:00:00.000Z'); // after: no power
    await votingPower.down(db.db as unknown as Kysely<unknown>);
    const item = (status: 'OPEN' | 'CLOSED', totalPower: number) => ({
      product_id: productId,
      kind: 'PROPOSAL' as const,
      title: `${status} before`,
      body: 'Text',
      options: '["Yes","No"]',
      author_user_id: a,
      author_name: 'a',
      author_source: 'INVESTOR' as const,
      status,
      starts_at: snapshot,
      ends_at: '2026-11-30T00:00:00.000Z',
      snapshot_at: snapshot,
      total_power: totalPower,
      quorum_percent: 10,
      threshold_percent: 50,
      results_visible_before_close: 0,
      created_at: snapshot,
    });
    const ids = [];
    for (const values of [item('OPEN', 30), item('CLOSED', 30)]) {
      const row = await db.db.insertInto('governance_votings').values(values).returning('id').executeTakeFirstOrThrow();
      ids.push(Number(row.id));
    }
    await votingPower.up(db.db as unknown as Kysely<unknown>);
    for (const id of ids) {
      const rows = await db.db
        .selectFrom('governance_voting_power')
        .select(['user_id', 'power'])
        .where('voting_id', '=', id)
        .execute();
      expect(rows.map((row) => [row.user_id, Number(row.power)]).sort()).toEqual(
        [
          [a, 30],
          [c, 5],
        ].sort(),
      );
    }
    const totals = await db.db
      .selectFrom('governance_votings')
      .select(['status', 'total_power'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(totals.map((row) => [row.status, Number(row.total_power)])).toEqual([
      ['OPEN', 35],
      ['CLOSED', 30],
    ]);
  });
});
