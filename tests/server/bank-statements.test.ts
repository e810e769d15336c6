import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { approvalOutcomeSchema, queueResponseSchema } from '../../src/domain/operator';
import {
  STATEMENT_MAX_BYTES,
  statementConfirmResultSchema,
  statementImportSchema,
  statementLineListSchema,
  statementLineOutcomeSchema,
  statementPreviewSchema,
  type StatementImport,
  type StatementMapping,
} from '../../src/domain/bank-statements';
import { commands } from '../../server/cli/commands';
import { changeUserRole } from '../../server/modules/users/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock, errorCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { createInvestor, createSaleProduct, orderOk, signOrder, type Investor } from '../helpers/orders';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const META = { ip: 'operator', userAgent: 'test operator' };
/** 10.00 a token: 50 tokens are exactly the four-eyes amount, 51 are above it. */
const THRESHOLD = 50_000;
const HEADER = 'Date,Amount,Currency,Payer,Message';
const MAPPING = (bank: string): StatementMapping => ({
  bank,
  headers: ['Date', 'Amount', 'Currency', 'Payer', 'Message'],
  columns: { date: 'Date', amount: 'Amount', payer: 'Payer', message: 'Message', currency: 'Currency' },
  currency: 'USD',
});

describe.each(testEngines())('bank statement import on %s', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.parse('2026-11-26T09:00:00.000Z'));
  let adminA: Investor;
  let adminB: Investor;
  let seller: Investor;
  let investor: Investor;
  let product: { productId: number; accountMethodId: number };
  let seq = 0;

  const run = (name: string, ...args: string[]) => commands[name]!.run(t.app.ctx, args);

  async function staff(role: 'ADMIN' | 'SELLER'): Promise<Investor> {
    const person = await createInvestor(t.app, `clerk${(seq += 1)}@example.com`, { approve: false });
    await changeUserRole(t.app.ctx, person.userId, role, META);
    return person;
  }

  function call(who: Investor, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
    return t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  }

  function upload(who: Investor, bank: string, file: string | Buffer, route: 'import' | 'preview' = 'import') {
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/operator/statements/${route}?bank=${encodeURIComponent(bank)}`,
      headers: { ...who.headers, 'content-type': 'text/csv' },
      payload: file,
    });
  }

  async function imported(who: Investor, bank: string, file: string | Buffer): Promise<StatementImport> {
    const response = await upload(who, bank, file);
    expect(response.statusCode, response.body).toBe(200);
    return statementImportSchema.parse(response.json());
  }

  /** An order of `quantity` tokens whose payment the investor has declared. */
  async function declaredOrder(quantity: number, buyer = investor) {
    const order = await orderOk(t.app, buyer, product.productId, { quantity, payMethodId: product.accountMethodId });
    const signed = await signOrder(t.app, buyer, order);
    expect(signed.statusCode, signed.body).toBe(200);
    const declared = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/manual',
      headers: buyer.headers,
      payload: { orderId: order.id, payerName: 'KIM MINA' },
    });
    expect(declared.statusCode, declared.body).toBe(200);
    return order;
  }

  async function orderState(reference: string) {
    const row = await t.app.ctx.db
      .selectFrom('orders')
      .select('state')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    return row.state;
  }

  /** How many times the order was confirmed: its events and its holding entries. */
  async function confirmations(reference: string) {
    const order = await t.app.ctx.db
      .selectFrom('orders')
      .select('id')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    const events = await t.app.ctx.db
      .selectFrom('audit_events')
      .select('detail')
      .where('type', '=', 'ORDER_PAYMENT_CONFIRMED')
      .execute();
    const entries = await t.app.ctx.db
      .selectFrom('holding_entries')
      .select('id')
      .where('order_id', '=', order.id)
      .execute();
    return {
      events: events.filter((row) => (row.detail ?? '').includes(order.id)).length,
      entries: entries.length,
    };
  }

  async function lineCount(bank: string) {
    const rows = await t.app.ctx.db.selectFrom('statement_lines').select('id').where('bank', '=', bank).execute();
    return rows.length;
  }

  async function unmatchedInQueue() {
    const queue = queueResponseSchema.parse((await call(adminA, 'GET', '/api/v1/operator/queue')).json());
    return queue.items.find((item) => item.kind === 'UNMATCHED_STATEMENT_LINES')!;
  }

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      {
        RATE_LIMIT_MAX: '1000000',
        ORDER_EXPIRY_SWEEP_SECONDS: '0',
        APPROVAL_EXPIRY_SWEEP_SECONDS: '0',
        FOUR_EYES_PAYMENT_THRESHOLD: String(THRESHOLD),
      },
      undefined,
      { now: clock.now },
    );
    adminA = await staff('ADMIN');
    adminB = await staff('ADMIN');
    seller = await staff('SELLER');
    investor = await createInvestor(t.app, 'payer@example.com');
    product = await createSaleProduct(t.app, { name: 'Statement project' });
  });
  afterAll(() => t.close());

  it('asks for a mapping once, remembers it, matches each line, and imports the same file twice as once', async () => {
    const paid = await declaredOrder(3);
    const short = await declaredOrder(2);
    const file = [
      HEADER,
      `2026-11-25,30.00,USD,KIM MINA,"Moa ${paid.reference}"`,
      `2026.11.25,"19.99",USD,KIM MINA,${short.reference.replace('-', '')} thanks`,
      `2026-11-25 10:04,5.00,USD,LEE JUN,no reference at all`,
      `2026-11-25 10:04,5.00,USD,LEE JUN,no reference at all`,
    ].join('\r\n');

    const preview = statementPreviewSchema.parse((await upload(adminA, 'Hana Bank', file, 'preview')).json());
    expect(preview).toMatchObject({ headers: MAPPING('x').headers, mapping: null, lineCount: 4 });
    const unmapped = await upload(adminA, 'Hana Bank', file);
    expect(unmapped.statusCode).toBe(400);
    expect(errorCode(unmapped)).toBe('STATEMENT_MAPPING_REQUIRED');
    expect(await lineCount('Hana Bank')).toBe(0);

    const saved = await call(adminA, 'PUT', '/api/v1/operator/statements/mappings', MAPPING('Hana Bank'));
    expect(saved.statusCode, saved.body).toBe(200);
    const again = statementPreviewSchema.parse((await upload(adminA, 'hana bank', file, 'preview')).json());
    expect(again.mapping?.columns.amount).toBe('Amount');

    const first = await imported(adminA, 'Hana Bank', file);
    expect(first.lines.map((entry) => entry.outcome)).toEqual([
      'MATCHED',
      'AMOUNT_DIFFERS',
      'UNKNOWN_REFERENCE',
      'UNKNOWN_REFERENCE',
    ]);
    expect(first.lines[0]!.line).toMatchObject({ amount: 3000, reference: paid.reference, state: 'MATCHED' });
    expect(first.lines[1]!.line).toMatchObject({ amount: 1999, orderAmount: 2000, state: 'UNMATCHED' });
    expect(first.lines[2]!.line.bookedOn).toBe('2026-11-25 10:04');
    // Two identical transfers are two lines (their ordinal differs).
    expect(first.lines[2]!.line.id).not.toBe(first.lines[3]!.line.id);
    expect(await unmatchedInQueue()).toMatchObject({ count: 3, tracked: true });

    const second = await imported(adminB, 'Hana Bank', file);
    expect(second.lines.map((entry) => entry.outcome)).toEqual(Array(4).fill('ALREADY_IMPORTED'));
    expect(second.lines.map((entry) => entry.line.id)).toEqual(first.lines.map((entry) => entry.line.id));
    expect(await lineCount('Hana Bank')).toBe(4);
    expect(await unmatchedInQueue()).toMatchObject({ count: 3 });
    // A later export overlapping the first adds only its new line.
    const overlap = await imported(adminA, 'Hana Bank', `${file}\r\n2026-11-26,5.00,USD,LEE JUN,no reference at all`);
    expect(overlap.counts).toMatchObject({ ALREADY_IMPORTED: 4, UNKNOWN_REFERENCE: 1 });

    // Confirming: the matched line confirms its order once; the mismatched line never does.
    const ids = first.lines.map((entry) => entry.line.id);
    const confirmed = await call(adminA, 'POST', '/api/v1/operator/statements/confirm', { lineIds: ids.slice(0, 2) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const results = statementConfirmResultSchema.parse(confirmed.json()).results;
    expect(results.map((result) => result.outcome)).toEqual(['CONFIRMED', 'NOT_MATCHED']);
    expect(results[0]!.line).toMatchObject({ state: 'CONFIRMED', orderState: 'CONFIRMED' });
    expect(await orderState(paid.reference)).toBe('CONFIRMED');
    expect(await orderState(short.reference)).toBe('PAYMENT_DECLARED');
    const twice = statementConfirmResultSchema.parse(
      (await call(adminB, 'POST', '/api/v1/operator/statements/confirm', { lineIds: [ids[0]] })).json(),
    );
    expect(twice.results[0]!.outcome).toBe('ALREADY_DONE');
    expect(await confirmations(paid.reference)).toEqual({ events: 1, entries: 1 });

    // The audit names the operator.
    const audit = await t.app.ctx.db
      .selectFrom('audit_events')
      .select(['user_id', 'actor', 'detail'])
      .where('type', 'in', ['STATEMENT_IMPORTED', 'STATEMENT_LINE_CONFIRMED', 'STATEMENT_MAPPING_SAVED'])
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(5);
    expect(audit.every((row) => row.actor === 'operator')).toBe(true);
    expect(audit.find((row) => (row.detail ?? '').includes(paid.reference))?.user_id).toBe(adminA.userId);
  });

  it('confirms each order once when two admins import and confirm the same file at the same time', async () => {
    const orders = [await declaredOrder(1), await declaredOrder(4), await declaredOrder(6)];
    await call(adminA, 'PUT', '/api/v1/operator/statements/mappings', MAPPING('Shinhan'));
    const file = [
      HEADER,
      ...orders.map((order, index) => `2026-11-26,${order.amount / 100}.00,USD,PAYER ${index},${order.reference}`),
    ].join('\n');
    const imports = await Promise.all([imported(adminA, 'Shinhan', file), imported(adminB, 'Shinhan', file)]);
    expect(await lineCount('Shinhan')).toBe(3);
    const outcomes = imports.flatMap((result) => result.lines.map((entry) => entry.outcome)).sort();
    expect(outcomes).toEqual([...Array(3).fill('ALREADY_IMPORTED'), ...Array(3).fill('MATCHED')].sort());

    const ids = imports[0]!.lines.map((entry) => entry.line.id);
    const [a, b] = await Promise.all([
      call(adminA, 'POST', '/api/v1/operator/statements/confirm', { lineIds: ids }),
      call(adminB, 'POST', '/api/v1/operator/statements/confirm', { lineIds: [...ids].reverse() }),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const all = [a, b].flatMap((response) => statementConfirmResultSchema.parse(response.json()).results);
    expect(all.filter((result) => result.outcome === 'CONFIRMED')).toHaveLength(3);
    expect(all.filter((result) => result.outcome === 'ALREADY_DONE')).toHaveLength(3);
    for (const order of orders) {
      expect(await orderState(order.reference)).toBe('CONFIRMED');
      expect(await confirmations(order.reference)).toEqual({ events: 1, entries: 1 });
    }
  });

  it('sends a second transfer for a paid order to the queue, never confirming twice', async () => {
    const order = await declaredOrder(2);
    await call(adminA, 'PUT', '/api/v1/operator/statements/mappings', MAPPING('Woori'));
    const one = await imported(adminA, 'Woori', `${HEADER}\n2026-11-26,20.00,USD,KIM,${order.reference}`);
    const two = await imported(adminA, 'Woori', `${HEADER}\n2026-11-26,20.00,USD,KIM,${order.reference} again`);
    expect(two.lines[0]!.outcome).toBe('ORDER_CLOSED');
    const result = statementConfirmResultSchema.parse(
      (
        await call(adminA, 'POST', '/api/v1/operator/statements/confirm', {
          lineIds: [one.lines[0]!.line.id, two.lines[0]!.line.id],
        })
      ).json(),
    );
    expect(result.results.map((entry) => entry.outcome)).toEqual(['CONFIRMED', 'NOT_MATCHED']);
    expect(await confirmations(order.reference)).toEqual({ events: 1, entries: 1 });
  });

  it('credits a deposit line to the investor whose deposit reference it carries, once', async () => {
    const balanceOf = async (who: Investor) => {
      const response = await call(who, 'GET', '/api/v1/users/me/balance');
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { available: number; depositReference: string };
    };
    const before = await balanceOf(investor);
    const reference = before.depositReference;
    const spaced = `${reference.slice(0, 3)}-${reference.slice(3).toLowerCase()}`;
    const order = await declaredOrder(1);
    await call(adminA, 'PUT', '/api/v1/operator/statements/mappings', MAPPING('Hana'));
    const file = [
      HEADER,
      `2026-11-26,123.45,USD,KIM MINA,${reference}`,
      `2026-11-26,10.00,USD,KIM MINA,top up ${spaced} thanks`,
      `2026-11-26,10.00,EUR,KIM MINA,${reference}`,
      // An order's reference wins over anything else: never read as a deposit.
      `2026-11-26,10.00,USD,KIM MINA,${order.reference}`,
      `2026-11-26,5.00,USD,SOMEONE,MOA222222`,
    ].join('\n');
    const first = await imported(adminA, 'Hana', file);
    expect(first.lines.map((entry) => entry.outcome)).toEqual([
      'DEPOSIT',
      'DEPOSIT',
      'AMOUNT_DIFFERS',
      'MATCHED',
      'UNKNOWN_REFERENCE',
    ]);
    expect(first.lines[0]!.line).toMatchObject({ reference, depositor: 'payer@example.com', state: 'MATCHED' });
    expect(first.lines[1]!.line.reference).toBe(reference);
    expect((await imported(adminB, 'Hana', file)).counts.ALREADY_IMPORTED).toBe(5);

    const deposits = first.lines.slice(0, 2).map((entry) => entry.line.id);
    const [a, b] = await Promise.all([
      call(adminA, 'POST', '/api/v1/operator/statements/confirm', { lineIds: deposits }),
      call(adminB, 'POST', '/api/v1/operator/statements/confirm', { lineIds: [...deposits].reverse() }),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const results = [a, b].flatMap((response) => statementConfirmResultSchema.parse(response.json()).results);
    expect(results.filter((result) => result.outcome === 'CONFIRMED')).toHaveLength(2);
    expect(results.filter((result) => result.outcome === 'ALREADY_DONE')).toHaveLength(2);
    expect((await balanceOf(investor)).available).toBe(before.available + 12_345 + 1_000);
    const entries = await t.app.ctx.db
      .selectFrom('cash_entries')
      .select(['kind', 'available_change'])
      .where('user_id', '=', investor.userId)
      .where('kind', '=', 'DEPOSIT')
      .execute();
    expect(entries.map((entry) => Number(entry.available_change)).sort((x, y) => x - y)).toEqual([1_000, 12_345]);
    const audited = await t.app.ctx.db
      .selectFrom('audit_events')
      .select('id')
      .where('type', '=', 'STATEMENT_LINE_DEPOSITED')
      .execute();
    expect(audited).toHaveLength(2);

    // A waiting line is assigned to a deposit by hand, with the reference typed loosely.
    const unknown = first.lines[4]!.line.id;
    const assigned = await call(adminA, 'POST', `/api/v1/operator/statements/lines/${unknown}/assign`, {
      reference: spaced,
      note: 'Payer called: a typo in the reference',
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(statementLineOutcomeSchema.parse(assigned.json()).line).toMatchObject({
      state: 'CONFIRMED',
      match: 'DEPOSIT',
      depositor: 'payer@example.com',
    });
    expect((await balanceOf(investor)).available).toBe(before.available + 12_345 + 1_000 + 500);
    const again = await call(adminB, 'POST', `/api/v1/operator/statements/lines/${unknown}/assign`, {
      reference: spaced,
      note: 'Twice',
    });
    expect(errorCode(again)).toBe('CONFLICT');
    const nobody = await call(adminA, 'POST', `/api/v1/operator/statements/lines/${first.lines[2]!.line.id}/assign`, {
      reference: 'MOA333333',
      note: 'No such investor',
    });
    expect(errorCode(nobody)).toBe('DEPOSIT_REFERENCE_UNKNOWN');
    expect((await balanceOf(investor)).available).toBe(before.available + 13_845);
  });

  it('resolves waiting lines by hand: assigned to an order, or returned to the payer', async () => {
    const order = await declaredOrder(5);
    await call(adminA, 'PUT', '/api/v1/operator/statements/mappings', MAPPING('Kookmin'));
    const result = await imported(
      adminA,
      'Kookmin',
      [HEADER, '2026-11-26,50.00,USD,KIM MINA,for my tokens', '2026-11-26,7.00,USD,STRANGER,MOA-ZZZZZZZZ'].join('\n'),
    );
    expect(result.lines.map((entry) => entry.outcome)).toEqual(['UNKNOWN_REFERENCE', 'UNKNOWN_REFERENCE']);
    const before = (await unmatchedInQueue()).count;
    const [forgot, stranger] = result.lines.map((entry) => entry.line.id);

    const wrong = await call(adminA, 'POST', `/api/v1/operator/statements/lines/${forgot}/assign`, {
      reference: 'MOA-22222222',
      note: 'Payer forgot the reference',
    });
    expect(errorCode(wrong)).toBe('NOT_FOUND');
    const assigned = await call(adminA, 'POST', `/api/v1/operator/statements/lines/${forgot}/assign`, {
      reference: order.reference,
      note: 'Payer forgot the reference',
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(statementLineOutcomeSchema.parse(assigned.json())).toMatchObject({
      status: 'APPLIED',
      line: { state: 'CONFIRMED', orderReference: order.reference, note: 'Payer forgot the reference' },
    });
    expect(await orderState(order.reference)).toBe('CONFIRMED');

    const returned = await call(adminB, 'POST', `/api/v1/operator/statements/lines/${stranger}/return`, {
      note: 'Sent back on 26 Nov',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(statementLineOutcomeSchema.parse(returned.json()).line).toMatchObject({ state: 'RETURNED' });
    const returnedAgain = await call(adminB, 'POST', `/api/v1/operator/statements/lines/${stranger}/return`, {
      note: 'Twice',
    });
    expect(errorCode(returnedAgain)).toBe('CONFLICT');
    expect((await unmatchedInQueue()).count).toBe(before - 2);
    const waiting = statementLineListSchema.parse(
      (await call(adminA, 'GET', '/api/v1/operator/statements/lines?state=UNMATCHED')).json(),
    );
    expect(waiting.lines.map((line) => line.id)).not.toContain(stranger);
    const events = await t.app.ctx.db
      .selectFrom('audit_events')
      .select(['type', 'user_id'])
      .where('type', 'in', ['STATEMENT_LINE_ASSIGNED', 'STATEMENT_LINE_RETURNED'])
      .execute();
    expect(events).toEqual(
      expect.arrayContaining([
        { type: 'STATEMENT_LINE_ASSIGNED', user_id: adminA.userId },
        { type: 'STATEMENT_LINE_RETURNED', user_id: adminB.userId },
      ]),
    );
  });

  it('proposes a confirmation above the four-eyes amount, applied when another admin approves', async () => {
    const large = await declaredOrder(51);
    await call(adminA, 'PUT', '/api/v1/operator/statements/mappings', MAPPING('IBK'));
    const result = await imported(adminA, 'IBK', `${HEADER}\n2026-11-26,510.00,USD,KIM,${large.reference}`);
    const confirm = statementConfirmResultSchema.parse(
      (
        await call(adminA, 'POST', '/api/v1/operator/statements/confirm', { lineIds: [result.lines[0]!.line.id] })
      ).json(),
    );
    expect(confirm.results[0]).toMatchObject({ outcome: 'PROPOSED', line: { state: 'PROPOSED' } });
    const approvalId = confirm.results[0]!.line.approvalId!;
    expect(await orderState(large.reference)).toBe('PAYMENT_DECLARED');
    const self = await call(adminA, 'POST', `/api/v1/operator/approvals/${approvalId}/approve`, {});
    expect(errorCode(self)).toBe('APPROVAL_SELF');
    const approved = await call(adminB, 'POST', `/api/v1/operator/approvals/${approvalId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approvalOutcomeSchema.parse(approved.json()).order?.state).toBe('CONFIRMED');
    const lines = statementLineListSchema.parse(
      (await call(adminA, 'GET', '/api/v1/operator/statements/lines?state=PROPOSED')).json(),
    );
    expect(lines.lines.find((line) => line.approvalId === approvalId)?.orderState).toBe('CONFIRMED');
    expect(await confirmations(large.reference)).toEqual({ events: 1, entries: 1 });
  });

  it('refuses bad files with STATEMENT_FILE_INVALID and imports nothing of them', async () => {
    await call(adminA, 'PUT', '/api/v1/operator/statements/mappings', MAPPING('Bad Bank'));
    const bad = async (file: string | Buffer, words: string) => {
      const response = await upload(adminA, 'Bad Bank', file);
      expect(response.statusCode, response.body).toBe(400);
      expect(errorCode(response)).toBe('STATEMENT_FILE_INVALID');
      expect(response.body).toContain(words);
    };
    await bad('', 'empty');
    await bad(`${HEADER}\n2026-11-26,10.00,USD,A,x\n2026-11-26,10.005,USD,B,y`, 'Line 3');
    await bad(`${HEADER}\n2026-11-26,-10.00,USD,A,x`, 'Line 2');
    await bad(`${HEADER}\n2026-11-26,1e3,USD,A,x`, 'Line 2');
    await bad(`${HEADER}\n26/11/2026,10.00,USD,A,x`, 'not a date');
    await bad(`${HEADER}\n2026-11-26,10.00,USD,A`, 'CSV');
    await bad(Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x00]), 'UTF-8');
    await bad(Buffer.alloc(STATEMENT_MAX_BYTES + 1, 0x41), 'larger');
    expect(await lineCount('Bad Bank')).toBe(0);
  });

  it('reads UTF-8 with a byte order mark and EUC-KR, with Korean headers and won amounts', async () => {
    const korean: StatementMapping = {
      bank: '국민은행',
      headers: ['거래일자', '입금액', '보낸분', '적요'],
      columns: { date: '거래일자', amount: '입금액', payer: '보낸분', message: '적요', currency: null },
      currency: 'KRW',
    };
    await call(adminA, 'PUT', '/api/v1/operator/statements/mappings', korean);
    const text = '거래일자,입금액,보낸분,적요\n2026.11.26,"1,250,000",김민아,모아 입금\n';
    const bom = await imported(adminA, '국민은행', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]));
    expect(bom.lines[0]!.line).toMatchObject({ amount: 1_250_000, currency: 'KRW', payer: '김민아' });
    // Another file in EUC-KR, as Korean banks export: the header and "김민아" in that encoding.
    const encoded = Buffer.concat([
      Buffer.from('b0c5b7a1c0cfc0da2cc0d4b1ddbed72cbab8b3bdbad02cc0fbbfe4', 'hex'),
      Buffer.from('\n2026.11.27,"90,000",'),
      Buffer.from('b1e8b9cebec6', 'hex'),
      Buffer.from(',MOA\n'),
    ]);
    const euc = await imported(adminA, '국민은행', encoded);
    expect(euc.lines[0]!.line).toMatchObject({
      amount: 90_000,
      currency: 'KRW',
      payer: '김민아',
      bookedOn: '2026-11-27',
    });
  });

  it('refuses every statement route to an investor and a seller, keeping their sessions', async () => {
    const file = `${HEADER}\n2026-11-26,10.00,USD,A,x`;
    for (const who of [investor, seller]) {
      for (const response of [
        await upload(who, 'Hana Bank', file),
        await upload(who, 'Hana Bank', file, 'preview'),
        await call(who, 'GET', '/api/v1/operator/statements/lines'),
        await call(who, 'GET', '/api/v1/operator/statements/mappings'),
        await call(who, 'PUT', '/api/v1/operator/statements/mappings', MAPPING('Mine')),
        await call(who, 'POST', '/api/v1/operator/statements/confirm', { lineIds: [crypto.randomUUID()] }),
      ]) {
        expect(response.statusCode, response.body).toBe(403);
        expect(errorCode(response)).toBe('ROLE_REQUIRED');
      }
      expect((await t.app.inject({ url: '/api/v1/users/me', headers: who.headers })).statusCode).toBe(200);
    }
    expect(await lineCount('Mine')).toBe(0);
  });

  it('works from the command line through the same service', async () => {
    const order = await declaredOrder(3);
    const { writeFile, mkdtemp } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(join(tmpdir(), 'statement-'));
    const path = join(dir, 'toss.csv');
    await writeFile(path, `When;What;Who;Sum\n2026-11-26;${order.reference};KIM;30.00\n`);
    const mapped = await run(
      'statement:map',
      path,
      '--bank',
      'Toss',
      '--date',
      'When',
      '--amount',
      'Sum',
      '--payer',
      'Who',
      '--message',
      'What',
      '--currency',
      'USD',
      '--as',
      adminA.email,
    );
    expect(mapped).toContain('Saved the columns of Toss');
    expect(await run('statement:import', path, '--bank', 'Toss', '--as', adminA.email)).toContain('1 matched');
    expect(await run('statement:import', path, '--bank', 'Toss')).toContain('1 already imported');
    expect(await run('statement:confirm', '--matched', '--as', adminB.email)).toContain('CONFIRMED');
    expect(await orderState(order.reference)).toBe('CONFIRMED');
  });
});
