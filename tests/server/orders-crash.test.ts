import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { budgetKey } from '../../server/modules/limits/service';
import { PENDING_SIGN_FILE_GRACE_MS } from '../../server/modules/orders/signing';
import { freePort, prepare, startTestServer, waitForHealth } from '../helpers/crash';
import { testEngines } from '../helpers/db';
import { createInvestor, createSaleProduct, type Investor } from '../helpers/orders';

describe.each(testEngines())('a server killed with SIGKILL during a burst of orders, on %s', (engine) => {
  it('loses no order it acknowledged, and leaves no half-written one', async () => {
    const { env, handle, ctx } = await prepare(engine);
    const { productId, accountMethodId } = await createSaleProduct(
      { ctx },
      { totalQuantity: 5000, remainingQuantity: 5000 },
    );
    const investors: Investor[] = [];
    for (let index = 0; index < 8; index += 1)
      investors.push(await createInvestor({ ctx }, `crash${index}@example.com`));

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let child = startTestServer({ ...env, PORT: String(port) });
    await waitForHealth(base);

    const acknowledged: string[] = [];
    let killed = false;
    const fire = async (index: number) => {
      const investor = investors[index % investors.length]!;
      try {
        const response = await fetch(`${base}/api/v1/products/${productId}/investors`, {
          method: 'POST',
          headers: { ...investor.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ quantity: 1 + (index % 3), payMethodId: accountMethodId }),
        });
        if (response.status === 201) {
          acknowledged.push(((await response.json()) as { id: string }).id);
          if (acknowledged.length === 60 && !killed) {
            killed = true;
            child.kill('SIGKILL');
          }
        } else {
          expect(response.status).toBeLessThan(500);
        }
      } catch {
        // The connection died with the process: this order was never acknowledged.
      }
    };
    // Waves of concurrent orders until the kill lands in the middle of one.
    for (let wave = 0; wave < 40 && !killed; wave += 1) {
      await Promise.all(Array.from({ length: 20 }, (_, index) => fire(wave * 20 + index)));
    }
    expect(killed).toBe(true);
    await new Promise<void>((resolve) =>
      child.exitCode !== null || child.signalCode ? resolve() : child.once('exit', () => resolve()),
    );
    expect(child.signalCode).toBe('SIGKILL');

    child = startTestServer({ ...env, PORT: String(port) });
    try {
      await waitForHealth(base);
      for (const id of acknowledged) {
        const investor = await handle.db.selectFrom('orders').select('user_id').where('id', '=', id).executeTakeFirst();
        expect(investor, `acknowledged order ${id} survived`).toBeDefined();
        const owner = investors.find((candidate) => candidate.userId === investor!.user_id)!;
        const response = await fetch(`${base}/api/v1/orders/${id}`, { headers: owner.headers });
        expect(response.status).toBe(200);
        expect(((await response.json()) as { state: string }).state).toBe('RESERVED');
      }
      // Every order that exists was written whole: its tokens are off sale and it has its event.
      const orders = await handle.db
        .selectFrom('orders')
        .select(['id', 'quantity'])
        .where('product_id', '=', productId)
        .execute();
      expect(orders.length).toBeGreaterThanOrEqual(acknowledged.length);
      const product = await handle.db
        .selectFrom('products')
        .select('remaining_quantity')
        .where('id', '=', productId)
        .executeTakeFirstOrThrow();
      const reserved = orders.reduce((sum, order) => sum + Number(order.quantity), 0);
      expect(Number(product.remaining_quantity) + reserved).toBe(5000);
      const events = await handle.db
        .selectFrom('order_events')
        .select('order_id')
        .where('type', '=', 'RESERVED')
        .where(
          'order_id',
          'in',
          orders.map((order) => order.id),
        )
        .execute();
      expect(events).toHaveLength(orders.length);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await handle.close();
    }
  }, 120_000);
});

class Release extends Error {}

describe.each(testEngines())('a compiled server killed with SIGKILL while it signs a contract, on %s', (engine) => {
  beforeAll(() => {
    // The server as `npm start` runs it, with the render worker built beside it.
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`the server build failed: ${build.stderr}`);
  }, 120_000);

  it('leaves no contract file without its row once the next start has swept', async () => {
    const { dataDir, env, handle, ctx } = await prepare(engine);
    const { productId, accountMethodId } = await createSaleProduct(
      { ctx },
      { totalQuantity: 100, remainingQuantity: 100 },
    );
    const investor = await createInvestor({ ctx }, 'signer@example.com');
    const pendingDir = path.join(dataDir, 'sign-files', 'pending');
    const pendingFiles = () => (existsSync(pendingDir) ? readdirSync(pendingDir) : []);
    const budget = budgetKey('orders:sign', investor.userId);
    const spent = async () =>
      Number(
        (await handle.db.selectFrom('usage_budgets').select('used').where('key', '=', budget).executeTakeFirst())
          ?.used ?? 0,
      );
    const json = { ...investor.headers, 'content-type': 'application/json' };
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const order = async () => {
      const placed = await fetch(`${base}/api/v1/products/${productId}/investors`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ quantity: 1, payMethodId: accountMethodId }),
      });
      expect(placed.status).toBe(201);
      const { id } = (await placed.json()) as { id: string };
      const contract = await fetch(`${base}/api/v1/products/${productId}/sign?orderId=${id}`, {
        headers: investor.headers,
      });
      return { id, sha256: ((await contract.json()) as { sha256: string }).sha256 };
    };
    const sign = (id: string, sha256: string) =>
      fetch(`${base}/api/v1/products/${productId}/sign`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          orderId: id,
          legalName: 'Kim Mina',
          contractSha256: sha256,
          consents: { terms: true, risks: true, electronicSignature: true },
        }),
      });
    const until = async (condition: () => boolean | Promise<boolean>, settled: () => boolean) => {
      while (!(await condition())) {
        if (settled()) return false;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return true;
    };

    let child = startTestServer({ ...env, PORT: String(port) }, true);
    await waitForHealth(base);
    let killed: string | null = null;
    // The signature's transaction waits on a lock the test holds (the order's row on PostgreSQL,
    // the database on SQLite), taken once its budget is spent, while its PDF renders; the kill
    // lands once the PDF is written. If the render wins the race to the lock, try another order.
    for (let attempt = 0; attempt < 5 && !killed; attempt += 1) {
      const { id, sha256 } = await order();
      const before = await spent();
      let isSettled = false;
      const signing = sign(id, sha256).then(
        (response) => response.status,
        () => 'connection lost',
      );
      void signing.finally(() => (isSettled = true));
      if (
        !(await until(
          async () => (await spent()) > before,
          () => isSettled,
        ))
      )
        continue;
      await handle.db
        .transaction()
        .execute(async (trx) => {
          await sql`update orders set updated_at = updated_at where id = ${id}`.execute(trx);
          if (
            await until(
              () => pendingFiles().length > 0,
              () => isSettled,
            )
          ) {
            child.kill('SIGKILL');
            await new Promise((resolve) => child.once('exit', resolve));
            killed = id;
          }
          throw new Release();
        })
        .catch((error: unknown) => {
          if (!(error instanceof Release)) throw error;
        });
      expect(await signing).not.toBe(500);
    }
    expect(killed, 'the kill landed between writing the contract and committing it').not.toBeNull();
    const [orphan] = pendingFiles();
    expect(orphan).toBeDefined();
    const orphanId = orphan!.replace(/\.pdf$/, '');
    expect(
      await handle.db.selectFrom('contract_signatures').select('id').where('id', '=', orphanId).executeTakeFirst(),
    ).toBeUndefined();
    // Long enough ago that no process can still be about to commit it.
    const old = new Date(Date.now() - PENDING_SIGN_FILE_GRACE_MS - 60_000);
    utimesSync(path.join(pendingDir, orphan!), old, old);

    child = startTestServer({ ...env, PORT: String(port) }, true);
    try {
      await waitForHealth(base);
      expect(pendingFiles()).toEqual([]);
      expect(
        readdirSync(path.join(dataDir, 'sign-files'))
          .filter((name) => name !== 'pending')
          .flatMap((user) =>
            readdirSync(path.join(dataDir, 'sign-files', user)).filter((file) => file.startsWith(orphanId)),
          ),
      ).toEqual([]);
      const state = await fetch(`${base}/api/v1/orders/${killed}`, { headers: investor.headers });
      expect(((await state.json()) as { state: string }).state).toBe('RESERVED');
      // The order signs as if nothing happened, and its contract is served from its place.
      const contract = await fetch(`${base}/api/v1/products/${productId}/sign?orderId=${killed}`, {
        headers: investor.headers,
      });
      const signed = await sign(killed!, ((await contract.json()) as { sha256: string }).sha256);
      expect(signed.status).toBe(200);
      const { signFileId } = (await signed.json()) as { signFileId: string };
      const file = await fetch(`${base}/api/v1/users/me/sign-files/${signFileId}`, { headers: investor.headers });
      expect(file.status).toBe(200);
      expect(
        Buffer.from(await file.arrayBuffer())
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');
      expect(pendingFiles()).toEqual([]);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await handle.close();
    }
  }, 240_000);
});
