import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../server/cli/commands';
import { commandLineName } from '../../server/cli/operator';
import { insertCategory, insertProduct } from '../../server/modules/products/factory';
import { insertUser } from '../../server/modules/users/records-repository';
import { changeUserRole } from '../../server/modules/users/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { testEngines } from '../helpers/db';

const META = { ip: 'operator', userAgent: 'test operator' };

describe.each(testEngines())('who the command line acts as, on %s', (engine) => {
  let t: TestApp;
  let productId = 0;
  const run = (name: string, args: string[]) => commands[name]!.run(t.app.ctx, args);
  /** Who each audit record of a type names as the operator, in no particular order. */
  const recorded = async (type: string) =>
    (await t.db.db.selectFrom('audit_events').select('detail').where('type', '=', type).execute())
      .map((row) => (JSON.parse(row.detail ?? '{}') as { operator?: string }).operator)
      .sort();

  beforeAll(async () => {
    t = await createTestApp(engine);
    const now = new Date().toISOString();
    productId = await insertProduct(t.db.db, {
      categoryId: await insertCategory(t.db.db, 'Music'),
      name: 'Club night',
      isGovernance: true,
    });
    const admin = await insertUser(t.db.db, { email: 'admin@example.com', name: 'Admin' }, now);
    const seller = await insertUser(t.db.db, { email: 'seller@example.com', name: 'Seller' }, now);
    await changeUserRole(t.app.ctx, admin, 'ADMIN', META);
    await changeUserRole(t.app.ctx, seller, 'SELLER', META);
  });
  afterAll(() => t.close());

  it('records a seller assignment as the admin named with --as, like every other command', async () => {
    await run('seller:assign', ['seller@example.com', String(productId), '--as', 'admin@example.com']);
    expect(await recorded('SELLER_ASSIGNED')).toEqual(['operator:admin@example.com']);
    await run('seller:unassign', ['--as', 'admin@example.com', 'seller@example.com', String(productId)]);
    expect(await recorded('SELLER_UNASSIGNED')).toEqual(['operator:admin@example.com']);
  });

  it('records it as the command line without --as, and refuses an --as that is not an admin', async () => {
    await run('seller:assign', ['seller@example.com', String(productId)]);
    expect(await recorded('SELLER_ASSIGNED')).toEqual(
      ['operator:admin@example.com', `operator:${commandLineName()}`].sort(),
    );
    await expect(
      run('seller:unassign', ['seller@example.com', String(productId), '--as', 'seller@example.com']),
    ).rejects.toMatchObject({ code: 'ROLE_REQUIRED' });
  });
});
