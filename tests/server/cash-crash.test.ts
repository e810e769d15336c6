import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { encryptText } from '../../server/crypto';
import { upsertBankAccount } from '../../server/modules/account/repository';
import { cashTotals, confirmDeposit, depositReferenceOf } from '../../server/modules/cash/service';
import { activatePendingSecret, savePendingSecret } from '../../server/modules/mfa/repository';
import { generateTotpSecret, totpCodeForStep, totpStepAt } from '../../server/modules/mfa/totp';
import { changeUserRole } from '../../server/modules/users/service';
import { freePort, prepare, startTestServer, waitForHealth } from '../helpers/crash';
import { testEngines } from '../helpers/db';
import { createInvestor, createSaleProduct, type Investor } from '../helpers/orders';

const META = { ip: 'test', userAgent: 'crash test' };
const START_BALANCE = 100_000;

describe.each(testEngines())('a server killed with SIGKILL during a burst of balance movements, on %s', (engine) => {
  beforeAll(() => {
    // The server as `npm start` runs it, with the render worker (a purchase signs a contract) built beside it.
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`the server build failed: ${build.stderr}`);
  }, 120_000);

  it('loses no acknowledged purchase, deposit or withdrawal, and the balances still add up', async () => {
    const { env, handle, ctx } = await prepare(engine);
    const currency = ctx.config.CURRENCY;
    const { productId } = await createSaleProduct({ ctx }, { totalQuantity: 100_000, remainingQuantity: 100_000 });
    const investors: Investor[] = [];
    const references = new Map<string, string>();
    /** Each investor's authenticator secret, and the time steps whose codes were spent already. */
    const secrets = new Map<string, string>();
    const spentSteps = new Map<string, Set<number>>();
    for (let index = 0; index < 6; index += 1) {
      const investor = await createInvestor({ ctx }, `saver${index}@example.com`);
      investors.push(investor);
      references.set(investor.userId, await depositReferenceOf(ctx, investor.userId));
      // An authenticator and saved bank details, written directly (setting them up is tested elsewhere).
      const now = ctx.now().toISOString();
      const secret = generateTotpSecret();
      const sealed = encryptText(ctx.keys.totpSecret, secret);
      await savePendingSecret(ctx.db, investor.userId, sealed, now);
      expect(await activatePendingSecret(ctx.db, investor.userId, sealed, now)).toBe(true);
      secrets.set(investor.userId, secret);
      spentSteps.set(investor.userId, new Set());
      await upsertBankAccount(ctx.db, {
        userId: investor.userId,
        bankName: 'Hana Bank',
        holderName: 'Kim Mina',
        numberSealed: encryptText(ctx.keys.bankAccount, `123-456-78901${index}`),
        last4: `901${index}`,
        now,
      });
      await confirmDeposit(
        ctx,
        { depositReference: references.get(investor.userId)!, amount: START_BALANCE, bankReference: `START-${index}` },
        'test',
        META,
      );
    }
    const admin = await createInvestor({ ctx }, 'cashier@example.com', { approve: false });
    await changeUserRole(ctx, admin.userId, 'ADMIN', META);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const json = (who: Investor) => ({ ...who.headers, 'content-type': 'application/json' });
    /** An order paid from the balance, signed: answers its id once the server says it is confirmed. */
    const purchase = async (investor: Investor, quantity: number): Promise<string | null> => {
      const placed = await fetch(`${base}/api/v1/products/${productId}/investors`, {
        method: 'POST',
        headers: json(investor),
        body: JSON.stringify({ quantity, payFrom: 'BALANCE' }),
      });
      if (placed.status !== 201) {
        expect(placed.status).toBeLessThan(500);
        return null;
      }
      const { id } = (await placed.json()) as { id: string };
      const contract = await fetch(`${base}/api/v1/products/${productId}/sign?orderId=${id}`, {
        headers: investor.headers,
      });
      const { sha256 } = (await contract.json()) as { sha256: string };
      const signed = await fetch(`${base}/api/v1/products/${productId}/sign`, {
        method: 'POST',
        headers: json(investor),
        body: JSON.stringify({
          orderId: id,
          legalName: 'Kim Mina',
          contractSha256: sha256,
          consents: { terms: true, risks: true, electronicSignature: true },
        }),
      });
      if (signed.status !== 200) {
        // A render queue that is full answers 503 with Retry-After: refused, never half-done.
        expect([409, 422, 429, 503]).toContain(signed.status);
        return null;
      }
      return id;
    };
    const deposit = async (investor: Investor, bankReference: string, amount: number) => {
      const response = await fetch(`${base}/api/v1/operator/deposits`, {
        method: 'POST',
        headers: json(admin),
        body: JSON.stringify({ depositReference: references.get(investor.userId), amount, bankReference }),
      });
      expect(response.status).toBeLessThan(500);
      return response.status === 200;
    };

    /**
     * A code of a time step this investor has not spent, if the server's window (this step and
     * the one before) still holds one: each step's code is accepted once.
     */
    const freshCode = (investor: Investor): string | null => {
      const spent = spentSteps.get(investor.userId)!;
      const current = totpStepAt(Date.now());
      const step = [current, current - 1].find((candidate) => !spent.has(candidate));
      if (step === undefined) return null;
      spent.add(step);
      return totpCodeForStep(secrets.get(investor.userId)!, step);
    };
    /** A withdrawal to the saved bank details: answers its id once the server says it is held. */
    const requestWithdrawal = async (investor: Investor, amount: number): Promise<string | null> => {
      const code = freshCode(investor);
      if (!code) return null;
      const response = await fetch(`${base}/api/v1/users/me/withdrawals`, {
        method: 'POST',
        headers: json(investor),
        body: JSON.stringify({ amount, destination: { type: 'BANK' }, code }),
      });
      if (response.status !== 201) {
        expect(response.status, await response.text()).toBeLessThan(500);
        return null;
      }
      return ((await response.json()) as { id: string }).id;
    };
    /** The operator pays the withdrawal or returns it: answers whether the server said it was done. */
    const settleWithdrawal = async (id: string, outcome: 'PAID' | 'RETURNED'): Promise<boolean> => {
      const response = await fetch(
        `${base}/api/v1/operator/withdrawals/${id}/${outcome === 'PAID' ? 'paid' : 'return'}`,
        {
          method: 'POST',
          headers: json(admin),
          body: JSON.stringify(
            outcome === 'PAID' ? { bankReference: `OUT-${id}` } : { reason: 'The account is closed' },
          ),
        },
      );
      expect(response.status).toBeLessThan(500);
      if (response.status !== 200) return false;
      const result = (await response.json()) as { status: string; withdrawal: { state: string } };
      expect(result).toMatchObject({ status: 'APPLIED', withdrawal: { state: outcome } });
      return true;
    };

    let child = startTestServer({ ...env, PORT: String(port), CONTRACT_RENDER_QUEUE_MAX: '64' }, true);
    await waitForHealth(base);
    const purchases: string[] = [];
    const deposits: { userId: string; bankReference: string; amount: number }[] = [];
    const withdrawals: { id: string; userId: string; amount: number }[] = [];
    const settled: { id: string; outcome: 'PAID' | 'RETURNED' }[] = [];
    let killed = false;
    const kill = () => {
      if (killed || purchases.length < 4 || deposits.length < 10 || withdrawals.length < 4 || settled.length < 2) {
        return;
      }
      killed = true;
      child.kill('SIGKILL');
    };
    const settle = <T>(work: Promise<T>) =>
      work.catch(() => null /* the connection died with the process: never acknowledged */);
    for (let wave = 0; wave < 60 && !killed; wave += 1) {
      await Promise.all(
        investors.flatMap((investor, index) => [
          settle(purchase(investor, 1 + ((wave + index) % 3))).then((id) => {
            if (id) purchases.push(id);
            kill();
          }),
          settle(deposit(investor, `BURST-${wave}-${index}`, 100 + index)).then((done) => {
            if (done)
              deposits.push({ userId: investor.userId, bankReference: `BURST-${wave}-${index}`, amount: 100 + index });
            kill();
          }),
          // A withdrawal (while the authenticator has a fresh code), then paid or returned at once.
          settle(requestWithdrawal(investor, 500 + 10 * index + wave)).then(async (id) => {
            if (!id) return;
            withdrawals.push({ id, userId: investor.userId, amount: 500 + 10 * index + wave });
            kill();
            const outcome = (wave + index) % 2 === 0 ? 'PAID' : 'RETURNED';
            if (await settle(settleWithdrawal(id, outcome))) settled.push({ id, outcome });
            kill();
          }),
        ]),
      );
    }
    expect(killed).toBe(true);
    await new Promise<void>((resolve) =>
      child.exitCode !== null || child.signalCode ? resolve() : child.once('exit', () => resolve()),
    );
    expect(child.signalCode).toBe('SIGKILL');

    child = startTestServer({ ...env, PORT: String(port) }, true);
    try {
      await waitForHealth(base);
      const db = handle.db;
      for (const id of purchases) {
        const order = await db
          .selectFrom('orders')
          .select(['state', 'amount'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(order.state, `acknowledged purchase ${id}`).toBe('CONFIRMED');
        const debits = await db
          .selectFrom('cash_entries')
          .select('available_change')
          .where('order_id', '=', id)
          .where('kind', '=', 'PURCHASE')
          .execute();
        expect(debits.map((row) => Number(row.available_change))).toEqual([-Number(order.amount)]);
        const holdings = await db.selectFrom('holding_entries').select('id').where('order_id', '=', id).execute();
        expect(holdings).toHaveLength(1);
      }
      for (const made of deposits) {
        const credits = await db
          .selectFrom('cash_entries')
          .select(['user_id', 'available_change'])
          .where('deposit_key', '=', made.bankReference)
          .execute();
        expect(credits.map((row) => [row.user_id, Number(row.available_change)])).toEqual([[made.userId, made.amount]]);
      }
      // Every acknowledged withdrawal was held once; every acknowledged payment or return happened once.
      for (const made of withdrawals) {
        const row = await db
          .selectFrom('withdrawals')
          .select(['user_id', 'amount', 'state'])
          .where('id', '=', made.id)
          .executeTakeFirst();
        expect(row, `acknowledged withdrawal ${made.id}`).toBeDefined();
        expect([row!.user_id, Number(row!.amount)]).toEqual([made.userId, made.amount]);
      }
      for (const done of settled) {
        const row = await db
          .selectFrom('withdrawals')
          .select('state')
          .where('id', '=', done.id)
          .executeTakeFirstOrThrow();
        expect(row.state, `acknowledged ${done.outcome.toLowerCase()} withdrawal ${done.id}`).toBe(done.outcome);
      }
      // Whether or not its answer arrived, each withdrawal's entries match its state exactly.
      const everyWithdrawal = await db.selectFrom('withdrawals').select(['id', 'amount', 'state']).execute();
      expect(everyWithdrawal.length).toBeGreaterThanOrEqual(withdrawals.length);
      const expectedKinds: Record<string, string[]> = {
        PENDING: ['WITHDRAWAL_HELD'],
        PAID: ['WITHDRAWAL_HELD', 'WITHDRAWAL_PAID'],
        RETURNED: ['WITHDRAWAL_HELD', 'WITHDRAWAL_RELEASED'],
        CANCELLED: ['WITHDRAWAL_HELD', 'WITHDRAWAL_RELEASED'],
      };
      for (const row of everyWithdrawal) {
        const entries = await db
          .selectFrom('cash_entries')
          .select(['kind', 'available_change', 'held_change'])
          .where('withdrawal_id', '=', row.id)
          .orderBy('id')
          .execute();
        expect(
          entries.map((entry) => entry.kind),
          `withdrawal ${row.id} (${row.state})`,
        ).toEqual(expectedKinds[row.state]);
        const amount = Number(row.amount);
        const effects: Record<string, [number, number]> = {
          WITHDRAWAL_HELD: [-amount, amount],
          WITHDRAWAL_PAID: [0, -amount],
          WITHDRAWAL_RELEASED: [amount, -amount],
        };
        for (const entry of entries) {
          expect([Number(entry.available_change), Number(entry.held_change)]).toEqual(effects[entry.kind]);
        }
      }
      // Every confirmed purchase from the balance was paid once, whether or not its answer arrived.
      const confirmed = await db
        .selectFrom('orders')
        .select(['id', 'amount'])
        .where('product_id', '=', productId)
        .where('state', '=', 'CONFIRMED')
        .execute();
      for (const order of confirmed) {
        const paid = await db.selectFrom('cash_entries').select('id').where('order_id', '=', order.id).execute();
        expect(paid, `confirmed order ${order.id}`).toHaveLength(1);
      }
      // Each balance is the sum of its entries and the last entry's running balance; none below zero.
      for (const investor of investors) {
        const account = await db
          .selectFrom('cash_accounts')
          .select(['available', 'held'])
          .where('user_id', '=', investor.userId)
          .executeTakeFirstOrThrow();
        const entries = await db
          .selectFrom('cash_entries')
          .select(['available_change', 'held_change', 'available_after', 'held_after'])
          .where('user_id', '=', investor.userId)
          .orderBy('id')
          .execute();
        const sum = (pick: (row: (typeof entries)[number]) => number) =>
          entries.reduce((total, row) => total + pick(row), 0);
        expect(Number(account.available)).toBe(sum((row) => Number(row.available_change)));
        expect(Number(account.held)).toBe(sum((row) => Number(row.held_change)));
        expect(Number(entries.at(-1)!.available_after)).toBe(Number(account.available));
        expect(Number(entries.at(-1)!.held_after)).toBe(Number(account.held));
        expect(Number(account.available)).toBeGreaterThanOrEqual(0);
        expect(Number(account.held)).toBeGreaterThanOrEqual(0);
        // What is held is exactly what the investor's pending withdrawals set aside.
        const pending = await db
          .selectFrom('withdrawals')
          .select('amount')
          .where('user_id', '=', investor.userId)
          .where('state', '=', 'PENDING')
          .execute();
        expect(Number(account.held)).toBe(pending.reduce((total, row) => total + Number(row.amount), 0));
        // No running balance along the way was ever below zero.
        for (const row of entries) {
          expect(Number(row.available_after)).toBeGreaterThanOrEqual(0);
          expect(Number(row.held_after)).toBeGreaterThanOrEqual(0);
        }
      }
      const totals = await cashTotals(ctx, currency);
      expect(totals.balances.available + totals.balances.held).toBe(
        totals.deposits +
          totals.revenue +
          totals.refunds +
          totals.corrections -
          totals.purchases -
          totals.withdrawalsPaid -
          totals.fees,
      );
      // Deposits whose answer was lost may have been credited too; none acknowledged is missing.
      const acknowledged = deposits.reduce((total, made) => total + made.amount, 0);
      expect(totals.deposits).toBeGreaterThanOrEqual(6 * START_BALANCE + acknowledged);
      // Withdrawals whose payment was acknowledged left the ledger; none was paid twice.
      const paidOut = settled
        .filter((done) => done.outcome === 'PAID')
        .reduce((total, done) => total + withdrawals.find((made) => made.id === done.id)!.amount, 0);
      expect(totals.withdrawalsPaid).toBeGreaterThanOrEqual(paidOut);
      const paidRows = everyWithdrawal.filter((row) => row.state === 'PAID');
      expect(totals.withdrawalsPaid).toBe(paidRows.reduce((total, row) => total + Number(row.amount), 0));
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await handle.close();
    }
  }, 240_000);
});
