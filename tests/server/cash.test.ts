import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cashBalanceSchema,
  cashEntriesPageSchema,
  cashEntrySchema,
  depositConfirmResponseSchema,
  operatorWithdrawalResultSchema,
  withdrawalSchema,
  type CashEntryKind,
} from '../../src/domain/cash';
import { orderSchema, signStatusSchema, type Order } from '../../src/domain/orders';
import { myRevenuesResponseSchema } from '../../src/domain/portfolio';
import { cashStatementFigures } from '../../src/domain/cash-statements';
import { commands } from '../../server/cli/commands';
import { commitDistribution, planDistribution } from '../../server/modules/account/distributions';
import {
  appendCashEntry,
  cashStatementEntriesOf,
  cashTotals,
  confirmDeposit,
  depositReferenceOf,
  sweepRevenueIntoBalances,
} from '../../server/modules/cash/service';
import { insertHolding } from '../../server/modules/products/factory';
import { findUserByEmail } from '../../server/modules/users/records-repository';
import { changeUserRole } from '../../server/modules/users/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { codeAt, createClock, enrollUser, errorCode, type EnrolledUser } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { approveIdentity } from '../helpers/kyc';
import { createInvestor, createSaleProduct, orderOk, type Investor } from '../helpers/orders';

const META = { ip: '127.0.0.1', userAgent: 'cash test' };
type Answer = { statusCode: number; body: string; json: () => unknown };

function tally(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.statusCode] = (counts[answer.statusCode] ?? 0) + 1;
  return counts;
}

/** A small deterministic generator, so a failing sequence can be replayed. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

describe.each(testEngines())('the cash balance (%s)', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.UTC(2026, 10, 20, 9));
  let productId: number;
  let adminA: Investor;
  let adminB: Investor;
  let seq = 0;

  const call = (who: { headers: Record<string, string> }, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const run = (name: string, ...args: string[]) => commands[name]!.run(t.app.ctx, args);

  async function balanceOf(who: { headers: Record<string, string> }) {
    const response = await call(who, 'GET', '/api/v1/users/me/balance');
    expect(response.statusCode, response.body).toBe(200);
    return cashBalanceSchema.parse(response.json());
  }

  async function deposit(userId: string, amount: number, bankReference?: string) {
    const reference = await depositReferenceOf(t.app.ctx, userId);
    return confirmDeposit(
      t.app.ctx,
      { depositReference: reference, amount, bankReference: bankReference ?? `BANK-${(seq += 1)}` },
      'operator:test',
      META,
    );
  }

  async function staff(): Promise<Investor> {
    const person = await createInvestor(t.app, `cash-staff${(seq += 1)}@example.com`, { approve: false });
    await changeUserRole(t.app.ctx, person.userId, 'ADMIN', META);
    return person;
  }

  /** An identity-approved investor with an authenticator (for withdrawals) and saved bank details. */
  async function enrolledInvestor(): Promise<EnrolledUser & { userId: string; headers: Record<string, string> }> {
    const email = `cash-enrolled${(seq += 1)}@example.com`;
    const enrolled = await enrollUser(t.app, clock, email);
    await approveIdentity(t.app, email);
    const userId = (await findUserByEmail(t.app.ctx.db, email))!.id;
    const headers = { authorization: `Bearer ${enrolled.token}` };
    clock.advance(30_000);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/bank-details',
      headers,
      payload: {
        bankName: 'Hana Bank',
        holderName: 'Kim Mina',
        accountNumber: '123-456-789012',
        code: codeAt(enrolled.secret, clock.now()),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return { ...enrolled, userId, headers };
  }

  const freshCode = (user: EnrolledUser) => {
    clock.advance(30_000);
    return codeAt(user.secret, clock.now());
  };

  function withdraw(user: EnrolledUser & { headers: Record<string, string> }, amount: number) {
    return call(user, 'POST', '/api/v1/users/me/withdrawals', {
      amount,
      destination: { type: 'BANK' },
      code: freshCode(user),
    });
  }

  async function contractHash(who: { headers: Record<string, string> }, order: Order): Promise<string> {
    const contract = await call(who, 'GET', `/api/v1/products/${order.product.id}/sign?orderId=${order.id}`);
    expect(contract.statusCode, contract.body).toBe(200);
    return (contract.json() as { sha256: string }).sha256;
  }

  function sign(who: { headers: Record<string, string> }, order: Order, sha256: string) {
    return call(who, 'POST', `/api/v1/products/${order.product.id}/sign`, {
      orderId: order.id,
      legalName: 'Kim Mina',
      contractSha256: sha256,
      consents: { terms: true, risks: true, electronicSignature: true },
    });
  }

  async function holding(userId: string): Promise<number> {
    const row = await t.app.ctx.db
      .selectFrom('product_holdings')
      .select('quantity')
      .where('product_id', '=', productId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.quantity ?? 0);
  }

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      {
        FOUR_EYES: 'on',
        FOUR_EYES_PAYMENT_THRESHOLD: '50000',
        ORDER_SIGNS_PER_HOUR: '1000',
        CONTRACT_RENDER_QUEUE_MAX: '100',
        WITHDRAWAL_DAILY_LIMIT: '100000',
        REVENUE_SWEEP_SECONDS: '0',
        RATE_LIMIT_MAX: '100000',
        SIGN_IN_CODES_PER_IP: '1000',
        AUTH_RATE_LIMIT_MAX: '100000',
        DEPOSIT_BANK_NAME: 'KB Kookmin Bank',
        DEPOSIT_ACCOUNT_NUMBER: '469001-04-000001',
        DEPOSIT_ACCOUNT_HOLDER: 'Moa Client Money',
      },
      undefined,
      { now: clock.now },
    );
    ({ productId } = await createSaleProduct(t.app, { userMinInvestment: 1000, pricePerToken: 1000 }));
    adminA = await staff();
    adminB = await staff();
  });
  afterAll(() => t.close());

  it('answers the balance with a personal deposit reference made once, and the account to pay into', async () => {
    const investor = await createInvestor(t.app, 'cash-reader@example.com');
    const first = await balanceOf(investor);
    expect(first).toMatchObject({
      currency: t.config.CURRENCY,
      available: 0,
      held: 0,
      total: 0,
      depositAccount: {
        bankName: 'KB Kookmin Bank',
        accountNumber: '469001-04-000001',
        accountHolder: 'Moa Client Money',
      },
      withdrawalDailyLimit: 100000,
      updatedAt: null,
    });
    expect(first.depositReference).toMatch(/^MOA[2-9A-HJKMNP-Z]{6}$/);
    expect((await balanceOf(investor)).depositReference).toBe(first.depositReference);
    const other = await createInvestor(t.app, 'cash-reader2@example.com');
    expect((await balanceOf(other)).depositReference).not.toBe(first.depositReference);
  });

  it('credits a transfer once per bank reference, in a row and at the same moment', async () => {
    const investor = await createInvestor(t.app, 'cash-depositor@example.com');
    const { depositReference } = await balanceOf(investor);

    const once = await deposit(investor.userId, 25_000, 'KB-20261120-0001');
    const again = await deposit(investor.userId, 25_000, 'KB-20261120-0001');
    expect(once.credited).toBe(true);
    expect(again).toEqual({ ...once, credited: false });

    // Ten operators press at once, through the console's API.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        call(index % 2 ? adminA : adminB, 'POST', '/api/v1/operator/deposits', {
          depositReference: depositReference.toLowerCase(),
          amount: 7_000,
          bankReference: 'KB-20261120-0002',
        }),
      ),
    );
    expect(tally(answers)).toEqual({ 200: 10 });
    const credited = answers.map((answer) => depositConfirmResponseSchema.parse(answer.json()).credited);
    expect(credited.filter(Boolean)).toHaveLength(1);

    expect(await balanceOf(investor)).toMatchObject({ available: 32_000, held: 0, total: 32_000 });
    const page = cashEntriesPageSchema.parse((await call(investor, 'GET', '/api/v1/users/me/balance/entries')).json());
    expect(page.entries.map((entry) => [entry.kind, entry.availableChange, entry.bankReference])).toEqual([
      ['DEPOSIT', 7_000, 'KB-20261120-0002'],
      ['DEPOSIT', 25_000, 'KB-20261120-0001'],
    ]);
    expect(page.entries[0]).toMatchObject({
      availableAfter: 32_000,
      heldAfter: 0,
      reason: 'DEPOSIT',
      actor: 'OPERATOR',
    });

    // The same bank reference for another amount is a mistake, never a second credit.
    const reused = await call(adminA, 'POST', '/api/v1/operator/deposits', {
      depositReference,
      amount: 1,
      bankReference: 'KB-20261120-0002',
    });
    expect(errorCode(reused)).toBe('BANK_REFERENCE_REUSED');
    const unknown = await call(adminA, 'POST', '/api/v1/operator/deposits', {
      depositReference: 'MOAZZZZZZ',
      amount: 1,
    });
    expect(errorCode(unknown)).toBe('DEPOSIT_REFERENCE_UNKNOWN');
    // Only an admin credits money.
    expect(errorCode(await call(investor, 'POST', '/api/v1/operator/deposits', { depositReference, amount: 1 }))).toBe(
      'ROLE_REQUIRED',
    );

    // The investor is told in their inbox, and their open apps refresh the balance.
    const inbox = await call(investor, 'GET', '/api/v1/notifications');
    const types = (inbox.json() as { notifications: Array<{ type: string; link: string }> }).notifications;
    expect(types.filter((item) => item.type === 'DEPOSIT_CREDITED')).toHaveLength(2);
    expect(types[0]!.link).toBe('/account/balance');
    const live = await t.app.ctx.db
      .selectFrom('live_events')
      .select('type')
      .where('user_id', '=', investor.userId)
      .where('type', '=', 'balance')
      .execute();
    expect(live).toHaveLength(2);
  });

  it('tells of a deposit only while the investor keeps that type of notice on', async () => {
    const investor = await createInvestor(t.app, 'cash-quiet@example.com');
    const told = async () =>
      (
        (await call(investor, 'GET', '/api/v1/notifications')).json() as { notifications: Array<{ type: string }> }
      ).notifications.filter((item) => item.type === 'DEPOSIT_CREDITED').length;
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/notifications/preferences',
      headers: investor.headers,
      payload: { type: 'DEPOSIT_CREDITED', isEnabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    await deposit(investor.userId, 1_000);
    expect(await told()).toBe(0);
    expect(await balanceOf(investor)).toMatchObject({ available: 1_000 });
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/notifications/preferences',
      headers: investor.headers,
      payload: { type: 'DEPOSIT_CREDITED', isEnabled: true },
    });
    await deposit(investor.userId, 2_000);
    expect(await told()).toBe(1);
  });

  it('pays an order from the balance when the contract is signed: cash out and tokens in at once', async () => {
    const investor = await createInvestor(t.app, 'cash-buyer@example.com');
    await deposit(investor.userId, 3_000);

    const tooMuch = await call(investor, 'POST', `/api/v1/products/${productId}/investors`, {
      quantity: 4,
      payFrom: 'BALANCE',
    });
    expect(errorCode(tooMuch)).toBe('INSUFFICIENT_BALANCE');
    const both = await call(investor, 'POST', `/api/v1/products/${productId}/investors`, {
      quantity: 1,
      payFrom: 'BALANCE',
      payMethodId: 1,
    });
    expect(errorCode(both)).toBe('VALIDATION_FAILED');

    const order = await orderOk(t.app, investor, productId, { quantity: 2, payFrom: 'BALANCE' });
    expect(order).toMatchObject({ payFrom: 'BALANCE', state: 'RESERVED', amount: 2_000 });
    const signed = await sign(investor, order, await contractHash(investor, order));
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signStatusSchema.parse(signed.json()).orderState).toBe('CONFIRMED');

    const after = orderSchema.parse((await call(investor, 'GET', `/api/v1/orders/${order.id}`)).json());
    expect(after).toMatchObject({ state: 'CONFIRMED', paymentInstructions: null, next: { code: 'HOLDING_CREDITED' } });
    expect(after.timeline.map((event) => [event.type, event.actor])).toEqual([
      ['RESERVED', 'INVESTOR'],
      ['CONTRACT_SIGNED', 'INVESTOR'],
      ['PAYMENT_CONFIRMED', 'SYSTEM'],
    ]);
    expect(await holding(investor.userId)).toBe(2);
    expect(await balanceOf(investor)).toMatchObject({ available: 1_000, held: 0 });
    const page = cashEntriesPageSchema.parse((await call(investor, 'GET', '/api/v1/users/me/balance/entries')).json());
    expect(page.entries[0]).toMatchObject({
      kind: 'PURCHASE',
      reason: 'ORDER',
      availableChange: -2_000,
      orderId: order.id,
      orderReference: order.reference,
      productId,
    });

    // Refunded by two admins: the tokens leave, the money comes back to the balance.
    const proposed = await call(adminA, 'POST', `/api/v1/operator/orders/${order.reference}/refund`, {
      reason: 'Withdrawn within the cooling-off period',
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const approvalId = (proposed.json() as { approval: { id: string } }).approval.id;
    const approved = await call(adminB, 'POST', `/api/v1/operator/approvals/${approvalId}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await holding(investor.userId)).toBe(0);
    expect(await balanceOf(investor)).toMatchObject({ available: 3_000, held: 0 });
  }, 120_000);

  it('lets 50 purchases worth ten times the balance race: exactly those covered succeed', async () => {
    const investor = await createInvestor(t.app, 'cash-racer@example.com');
    await deposit(investor.userId, 5_000);
    const orders: Order[] = [];
    for (let index = 0; index < 50; index += 1) {
      orders.push(await orderOk(t.app, investor, productId, { quantity: 1, payFrom: 'BALANCE' }));
    }
    const hashes = await Promise.all(orders.map((order) => contractHash(investor, order)));
    const answers = await Promise.all(orders.map((order, index) => sign(investor, order, hashes[index]!)));
    expect(tally(answers)).toEqual({ 200: 5, 409: 45 });
    for (const answer of answers.filter((candidate) => candidate.statusCode === 409)) {
      expect(errorCode(answer)).toBe('INSUFFICIENT_BALANCE');
    }
    expect(await balanceOf(investor)).toMatchObject({ available: 0, held: 0 });
    expect(await holding(investor.userId)).toBe(5);
    const states = await t.app.ctx.db
      .selectFrom('orders')
      .select('state')
      .where('user_id', '=', investor.userId)
      .execute();
    expect(states.filter((row) => row.state === 'CONFIRMED')).toHaveLength(5);
    // Refused signatures rolled back whole: those orders wait, unsigned, for money or their expiry.
    expect(states.filter((row) => row.state === 'RESERVED')).toHaveLength(45);
  }, 300_000);

  it('lets a withdrawal and a purchase race for the same money: one wins', async () => {
    const investor = await enrolledInvestor();
    await deposit(investor.userId, 3_000);
    const order = await orderOk(t.app, { ...investor, email: '', token: investor.token }, productId, {
      quantity: 3,
      payFrom: 'BALANCE',
    });
    const hash = await contractHash(investor, order);
    const [signed, withdrawn] = await Promise.all([sign(investor, order, hash), withdraw(investor, 3_000)]);
    expect(
      [signed.statusCode === 200, withdrawn.statusCode === 201].filter(Boolean),
      `${signed.body} ${withdrawn.body}`,
    ).toHaveLength(1);
    const loser = signed.statusCode === 200 ? withdrawn : signed;
    expect(errorCode(loser)).toBe('INSUFFICIENT_BALANCE');
    const balance = await balanceOf(investor);
    expect(balance.available).toBe(0);
    expect(balance.held).toBe(withdrawn.statusCode === 201 ? 3_000 : 0);
    expect(await holding(investor.userId)).toBe(signed.statusCode === 200 ? 3 : 0);
  }, 120_000);

  it('holds a withdrawal until it is paid, returned or cancelled, within the daily limit', async () => {
    const investor = await enrolledInvestor();
    await deposit(investor.userId, 90_000);

    const missingWallet = await call(investor, 'POST', '/api/v1/users/me/withdrawals', {
      amount: 1_000,
      destination: { type: 'WALLET', addressId: '00000000-0000-4000-8000-000000000000' },
      code: freshCode(investor),
    });
    expect(errorCode(missingWallet)).toBe('WITHDRAWAL_DESTINATION_MISSING');
    const wrongCode = await call(investor, 'POST', '/api/v1/users/me/withdrawals', {
      amount: 1_000,
      destination: { type: 'BANK' },
      code: '000000',
    });
    expect(errorCode(wrongCode)).toBe('OTP_INVALID');
    expect(errorCode(await withdraw(investor, 95_000))).toBe('INSUFFICIENT_BALANCE');

    // Requested, then cancelled by the investor: held, then released.
    const first = await withdraw(investor, 10_000);
    expect(first.statusCode, first.body).toBe(201);
    const pending = withdrawalSchema.parse(first.json());
    expect(pending).toMatchObject({ state: 'PENDING', canCancel: true, destination: { type: 'BANK' } });
    expect(pending.destination.label).toContain('•••• 9012');
    expect(await balanceOf(investor)).toMatchObject({ available: 80_000, held: 10_000, total: 90_000 });
    const cancelled = await call(investor, 'POST', `/api/v1/users/me/withdrawals/${pending.id}/cancel`);
    expect(withdrawalSchema.parse(cancelled.json())).toMatchObject({ state: 'CANCELLED', canCancel: false });
    expect(errorCode(await call(investor, 'POST', `/api/v1/users/me/withdrawals/${pending.id}/cancel`))).toBe(
      'WITHDRAWAL_STATE_CONFLICT',
    );
    expect(await balanceOf(investor)).toMatchObject({ available: 90_000, held: 0 });

    // Paid by an operator (below the four-eyes amount) with the bank's reference.
    const second = withdrawalSchema.parse((await withdraw(investor, 20_000)).json());
    const paid = await call(adminA, 'POST', `/api/v1/operator/withdrawals/${second.id}/paid`, {
      bankReference: 'KB-OUT-1',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(operatorWithdrawalResultSchema.parse(paid.json())).toMatchObject({
      status: 'APPLIED',
      withdrawal: { state: 'PAID', bankReference: 'KB-OUT-1', payTo: '123456789012' },
    });
    expect(await balanceOf(investor)).toMatchObject({ available: 70_000, held: 0, total: 70_000 });

    // Returned from the command line: the money is available again.
    const third = withdrawalSchema.parse((await withdraw(investor, 5_000)).json());
    expect(await run('withdrawal:list')).toContain(third.id);
    expect(await run('withdrawal:return', third.id, 'The', 'account', 'is', 'closed')).toContain('RETURNED');
    expect(await balanceOf(investor)).toMatchObject({ available: 70_000, held: 0 });

    // Large: proposed, no longer cancellable, paid when a second admin approves.
    const large = withdrawalSchema.parse((await withdraw(investor, 60_000)).json());
    const proposed = operatorWithdrawalResultSchema.parse(
      (
        await call(adminA, 'POST', `/api/v1/operator/withdrawals/${large.id}/paid`, { bankReference: 'KB-OUT-2' })
      ).json(),
    );
    expect(proposed).toMatchObject({ status: 'PROPOSED', withdrawal: { state: 'PENDING', awaitingApproval: true } });
    expect(errorCode(await call(investor, 'POST', `/api/v1/users/me/withdrawals/${large.id}/cancel`))).toBe(
      'WITHDRAWAL_STATE_CONFLICT',
    );
    expect(errorCode(await call(adminA, 'POST', `/api/v1/operator/approvals/${proposed.approval!.id}/approve`))).toBe(
      'APPROVAL_SELF',
    );
    const approved = await call(adminB, 'POST', `/api/v1/operator/approvals/${proposed.approval!.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ withdrawalId: large.id });
    expect(await balanceOf(investor)).toMatchObject({ available: 10_000, held: 0, total: 10_000 });

    // 20 000 paid + 60 000 paid = 80 000 of 100 000 today: 20 001 more is over the limit.
    await deposit(investor.userId, 50_000);
    expect(errorCode(await withdraw(investor, 20_001))).toBe('WITHDRAWAL_LIMIT_REACHED');
    expect((await balanceOf(investor)).withdrawalDailyRemaining).toBe(20_000);

    const kinds = cashEntriesPageSchema
      .parse((await call(investor, 'GET', '/api/v1/users/me/balance/entries')).json())
      .entries.map((entry) => entry.kind);
    expect(kinds.filter((kind) => kind === 'WITHDRAWAL_PAID')).toHaveLength(2);
    expect(kinds.filter((kind) => kind === 'WITHDRAWAL_RELEASED')).toHaveLength(2);
    const inbox = (await call(investor, 'GET', '/api/v1/notifications')).json() as {
      notifications: Array<{ type: string }>;
    };
    const told = inbox.notifications.map((item) => item.type);
    expect(told.filter((type) => type === 'WITHDRAWAL_PAID')).toHaveLength(2);
    expect(told.filter((type) => type === 'WITHDRAWAL_RETURNED')).toHaveLength(1);
  });

  it('withdraws to a wallet of the address book, which the operator sees to pay', async () => {
    const investor = await enrolledInvestor();
    await deposit(investor.userId, 8_000);
    const added = await call(investor, 'POST', '/api/v1/users/me/addresses', {
      label: 'Main',
      network: 'ETHEREUM',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      code: freshCode(investor),
    });
    expect(added.statusCode, added.body).toBe(201);
    const addressId = (added.json() as { id: string }).id;
    const requested = await call(investor, 'POST', '/api/v1/users/me/withdrawals', {
      amount: 3_000,
      destination: { type: 'WALLET', addressId },
      code: freshCode(investor),
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const pending = withdrawalSchema.parse(requested.json());
    expect(pending.destination).toEqual({
      type: 'WALLET',
      label: 'Main (ETHEREUM) 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
    expect(await balanceOf(investor)).toMatchObject({ available: 5_000, held: 3_000 });
    const listed = await call(adminA, 'GET', '/api/v1/operator/withdrawals?state=PENDING');
    const row = (listed.json() as { withdrawals: Array<{ id: string; payTo: string }> }).withdrawals.find(
      (item) => item.id === pending.id,
    );
    expect(row?.payTo).toContain('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    const paid = await call(adminA, 'POST', `/api/v1/operator/withdrawals/${pending.id}/paid`, {
      bankReference: '0xfeedbeef',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await balanceOf(investor)).toMatchObject({ available: 5_000, held: 0 });
  });

  it('pays each revenue share into its holder’s balance once, with two sweeps at once', async () => {
    const { productId: paying } = await createSaleProduct(t.app);
    const holders: Investor[] = [];
    for (let index = 0; index < 6; index += 1) {
      const holder = await createInvestor(t.app, `cash-holder${index}@example.com`);
      await insertHolding(t.app.ctx.db, {
        productId: paying,
        userId: holder.userId,
        quantity: 10 * (index + 1),
        firstInvestedAt: '2026-11-01T00:00:00.000Z',
      });
      holders.push(holder);
    }
    const plan = planDistribution({
      productId: paying,
      amount: 210_000,
      recordDate: '2026-11-10',
      memo: null,
      currency: t.config.CURRENCY,
      now: clock.now(),
      paysAt: '2026-11-25T00:00:00.000Z',
    });
    await t.app.ctx.db.transaction().execute((trx) =>
      commitDistribution(trx, plan, {
        idempotencyKey: 'cash-revenue-1',
        isNewDistribution: true,
        createdBy: 'test',
        meta: META,
        now: clock.now().toISOString(),
      }),
    );
    // Before the pay date nothing moves, and the revenue page has no entry to link to.
    expect(await sweepRevenueIntoBalances(t.app.ctx)).toBe(0);
    const sharesOf = async (who: Investor) =>
      myRevenuesResponseSchema.parse((await call(who, 'GET', '/api/v1/users/me/revenues')).json()).myRevenueAndProducts
        .shares;
    expect((await sharesOf(holders[0]!)).map((share) => [share.state, share.entryId])).toEqual([['SCHEDULED', null]]);
    clock.set(Date.UTC(2026, 10, 25, 1));
    const runs = await Promise.all([sweepRevenueIntoBalances(t.app.ctx), sweepRevenueIntoBalances(t.app.ctx)]);
    expect(runs[0]! + runs[1]!).toBe(6);
    expect(await sweepRevenueIntoBalances(t.app.ctx)).toBe(0);
    expect(await run('revenue:sweep')).toBe('No revenue share is due.');
    const balances = await Promise.all(holders.map((holder) => balanceOf(holder)));
    expect(balances.map((balance) => balance.available)).toEqual([10_000, 20_000, 30_000, 40_000, 50_000, 60_000]);
    const page = cashEntriesPageSchema.parse(
      (await call(holders[0]!, 'GET', '/api/v1/users/me/balance/entries')).json(),
    );
    expect(page.entries).toEqual([
      expect.objectContaining({ kind: 'REVENUE', reason: 'DISTRIBUTION', productId: paying, actor: 'SYSTEM' }),
    ]);
    expect(page.entries[0]!.distributionId).toEqual(expect.any(Number));

    // The revenue page links each paid share to the one entry that paid it in; that entry reads alone.
    const [share] = await sharesOf(holders[0]!);
    expect(share).toMatchObject({ state: 'PAID', amount: 10_000, entryId: page.entries[0]!.id });
    const entry = await call(holders[0]!, 'GET', `/api/v1/users/me/balance/entries/${share!.entryId}`);
    expect(entry.statusCode, entry.body).toBe(200);
    expect(cashEntrySchema.parse(entry.json())).toEqual(page.entries[0]);
    // Another investor's entry is not there for anyone else; a malformed id is refused.
    expect(errorCode(await call(holders[1]!, 'GET', `/api/v1/users/me/balance/entries/${share!.entryId}`))).toBe(
      'NOT_FOUND',
    );
    expect(errorCode(await call(holders[0]!, 'GET', '/api/v1/users/me/balance/entries/1e3'))).toBe('VALIDATION_FAILED');
  });

  it('pays a share net of the project’s withholding and states gross, withheld and net', async () => {
    const { productId: taxed } = await createSaleProduct(t.app);
    const holder = await createInvestor(t.app, 'cash-taxed@example.com');
    await insertHolding(t.app.ctx.db, {
      productId: taxed,
      userId: holder.userId,
      quantity: 10,
      firstInvestedAt: '2026-11-01T00:00:00.000Z',
    });
    await expect(run('revenue:withholding', String(taxed), '5001')).rejects.toThrow(/0 to 5000/);
    await expect(run('revenue:withholding', '99999', '100')).rejects.toThrow(/no project/);
    expect(await run('revenue:withholding', String(taxed), '1500', '--as', adminA.email)).toContain(
      'withholds 1500 basis points',
    );
    const audit = await t.app.ctx.db
      .selectFrom('audit_events')
      .select('detail')
      .where('type', '=', 'REVENUE_WITHHOLDING_SET')
      .execute();
    expect(audit.map((row) => JSON.parse(row.detail!) as Record<string, string>)).toEqual([
      expect.objectContaining({ productId: String(taxed), bps: '1500', previous: '0' }),
    ]);
    clock.set(Date.UTC(2026, 10, 25, 2));
    const plan = planDistribution({
      productId: taxed,
      amount: 5_001,
      recordDate: '2026-11-24',
      memo: null,
      currency: t.config.CURRENCY,
      now: clock.now(),
      paysAt: '2026-11-25T00:00:00.000Z',
    });
    await t.app.ctx.db.transaction().execute((trx) =>
      commitDistribution(trx, plan, {
        idempotencyKey: 'cash-revenue-taxed',
        isNewDistribution: true,
        createdBy: 'test',
        meta: META,
        now: clock.now().toISOString(),
      }),
    );
    expect(await sweepRevenueIntoBalances(t.app.ctx)).toBe(1);
    // 15 % of 5,001 is 750.15: 750 withheld, 4,251 paid in.
    expect(await balanceOf(holder)).toMatchObject({ available: 4_251 });
    const { entries } = await cashStatementEntriesOf(t.app.ctx, holder.userId);
    const figures = cashStatementFigures({ from: '2026-11-01', to: '2026-11-30' }, entries);
    expect(figures.revenue).toEqual([{ productId: taxed, gross: 5_001, withheld: 750, net: 4_251 }]);
    expect(figures.closing).toBe(4_251);
    // Back to none: later shares are paid in whole.
    expect(await run('revenue:withholding', String(taxed), '0')).toContain('(was 1500)');
  });

  it('pages entries newest first and filters them by month', async () => {
    const investor = await createInvestor(t.app, 'cash-pager@example.com');
    clock.set(Date.UTC(2026, 9, 30, 12));
    await deposit(investor.userId, 100);
    await deposit(investor.userId, 200);
    clock.set(Date.UTC(2026, 10, 26, 12));
    for (let index = 0; index < 5; index += 1) await deposit(investor.userId, 300 + index);
    const url = '/api/v1/users/me/balance/entries';
    const first = cashEntriesPageSchema.parse((await call(investor, 'GET', `${url}?limit=4`)).json());
    expect(first.entries.map((entry) => entry.availableChange)).toEqual([304, 303, 302, 301]);
    const second = cashEntriesPageSchema.parse(
      (await call(investor, 'GET', `${url}?limit=4&cursor=${first.nextCursor}`)).json(),
    );
    expect(second.entries.map((entry) => entry.availableChange)).toEqual([300, 200, 100]);
    expect(second.nextCursor).toBeNull();
    const october = cashEntriesPageSchema.parse((await call(investor, 'GET', `${url}?month=2026-10`)).json());
    expect(october.entries.map((entry) => entry.availableChange)).toEqual([200, 100]);
    expect(errorCode(await call(investor, 'GET', `${url}?month=2026-13`))).toBe('VALIDATION_FAILED');
  });

  it('confirms deposits and pays withdrawals from the command line', async () => {
    const investor = await enrolledInvestor();
    const { depositReference } = await balanceOf(investor);
    expect(await run('deposit:confirm', depositReference, '4000', 'KB-CLI-1')).toContain('Credited 4000');
    expect(await run('deposit:confirm', depositReference, '4000', 'KB-CLI-1')).toContain('already credited');
    await expect(run('deposit:confirm', depositReference, '12.5')).rejects.toThrow(/minor units/);
    const pending = withdrawalSchema.parse((await withdraw(investor, 1_500)).json());
    expect(await run('withdrawal:list', 'PENDING')).toContain(pending.id);
    expect(await run('withdrawal:paid', pending.id, 'KB-OUT-CLI', '--as', adminA.email)).toContain('PAID');
    await expect(run('withdrawal:paid', pending.id, 'KB-OUT-CLI')).rejects.toThrow(/paid already/);
    expect(await balanceOf(investor)).toMatchObject({ available: 2_500, held: 0 });
  });

  it('keeps every balance equal to its entries and the whole to money in minus money out', async () => {
    const random = prng(engine === 'sqlite' ? 7 : 11);
    const people = await Promise.all(
      Array.from({ length: 4 }, (_, index) => createInvestor(t.app, `cash-mixer${index}-${engine}@example.com`)),
    );
    const kinds: CashEntryKind[] = [
      'DEPOSIT',
      'PURCHASE',
      'REVENUE',
      'WITHDRAWAL_HELD',
      'WITHDRAWAL_PAID',
      'WITHDRAWAL_RELEASED',
      'REFUND',
      'FEE',
      'CORRECTION',
    ];
    const reasonOf = {
      DEPOSIT: 'DEPOSIT',
      PURCHASE: 'ORDER',
      REVENUE: 'DISTRIBUTION',
      WITHDRAWAL_HELD: 'WITHDRAWAL',
      WITHDRAWAL_PAID: 'WITHDRAWAL',
      WITHDRAWAL_RELEASED: 'WITHDRAWAL',
      REFUND: 'ORDER',
      FEE: 'ADJUSTMENT',
      CORRECTION: 'ADJUSTMENT',
      MARKET_HOLD: 'MARKET',
      MARKET_RELEASE: 'MARKET',
      MARKET_BUY: 'MARKET',
      MARKET_SALE: 'MARKET',
    } as const;
    let refused = 0;
    for (let step = 0; step < 120; step += 1) {
      const person = people[Math.floor(random() * people.length)]!;
      const kind = kinds[Math.floor(random() * kinds.length)]!;
      let amount = 1 + Math.floor(random() * 5_000);
      if (kind === 'CORRECTION' && random() < 0.5) amount = -amount;
      try {
        await t.app.ctx.db.transaction().execute((trx) =>
          appendCashEntry(trx, {
            userId: person.userId,
            currency: t.config.CURRENCY,
            kind,
            reason: reasonOf[kind],
            amount,
            actor: { type: 'SYSTEM', id: 'test' },
            at: clock.now().toISOString(),
          }),
        );
      } catch (error) {
        expect((error as { code?: string }).code).toBe('INSUFFICIENT_BALANCE');
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(0);

    const totals = await cashTotals(t.app.ctx, t.config.CURRENCY);
    expect(totals.balances.available + totals.balances.held).toBe(
      totals.deposits +
        totals.revenue +
        totals.refunds +
        totals.corrections -
        totals.purchases -
        totals.withdrawalsPaid -
        totals.fees,
    );
    // Each balance row is the sum of its entries, and the last entry's "after" figures.
    const accounts = await t.app.ctx.db.selectFrom('cash_accounts').selectAll().execute();
    for (const account of accounts) {
      const entries = await t.app.ctx.db
        .selectFrom('cash_entries')
        .selectAll()
        .where('user_id', '=', account.user_id)
        .orderBy('id')
        .execute();
      const available = entries.reduce((sum, entry) => sum + Number(entry.available_change), 0);
      const held = entries.reduce((sum, entry) => sum + Number(entry.held_change), 0);
      expect([Number(account.available), Number(account.held)]).toEqual([available, held]);
      expect(Number(account.available)).toBeGreaterThanOrEqual(0);
      expect(Number(account.held)).toBeGreaterThanOrEqual(0);
      const last = entries[entries.length - 1];
      if (last) expect([Number(last.available_after), Number(last.held_after)]).toEqual([available, held]);
    }
  });
});
