import { existsSync, readdirSync, renameSync, utimesSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signStatusSchema } from '../../src/domain/orders';
import { createContractRenderer } from '../../server/modules/orders/contract-renderer';
import { PENDING_SIGN_FILE_GRACE_MS, sweepPendingSignFiles } from '../../server/modules/orders/signing';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock, errorCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { createInvestor, createSaleProduct, orderOk, signOrder, type Investor } from '../helpers/orders';

// Rendering signed PDFs takes a while on a busy machine.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 60_000 });

const MINUTE = 60_000;

describe('the contract renderer', () => {
  it('renders the signed PDF in a worker thread, off the thread that answers requests', async () => {
    const renderer = createContractRenderer({ CONTRACT_RENDER_THREADS: 1, CONTRACT_RENDER_QUEUE_MAX: 0 });
    try {
      const { pdf, threadId: renderedOn } = await renderer.render({
        title: 'Token Purchase Agreement',
        reference: 'MOA-TESTTEST',
        contractText: '1. Parties\n한강세션 주식회사 and 김하나.',
        contractSha256: 'a'.repeat(64),
        signer: { legalName: '김하나', email: 'hana@example.com' },
        signedAt: '2026-11-22T09:00:00.000Z',
        ip: '127.0.0.1',
        userAgent: 'test',
        documents: [{ name: 'Token terms', version: 1, sha256: null }],
        events: [{ type: 'RESERVED', actor: 'INVESTOR', at: '2026-11-22T08:00:00.000Z' }],
        signaturePng: null,
      });
      expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      expect(renderedOn).not.toBe(threadId);
      expect(renderedOn).toBeGreaterThan(0);
    } finally {
      await renderer.close();
    }
  });
});

describe.each(testEngines())('signing under load on %s', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.parse('2026-11-22T09:00:00.000Z'));
  let seq = 0;
  const newInvestor = () => createInvestor(t.app, `signer${(seq += 1)}@example.com`);

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      {
        RATE_LIMIT_MAX: '1000000',
        ORDER_EXPIRY_SWEEP_SECONDS: '0',
        CONTRACT_RENDER_THREADS: '1',
        CONTRACT_RENDER_QUEUE_MAX: '0',
        ORDER_SIGNS_PER_HOUR: '2',
        ORDER_CANCELS_PER_HOUR: '2',
      },
      undefined,
      { now: clock.now },
    );
  });
  afterAll(() => t.close());

  const signFilesDir = () => path.join(t.config.dataDir, 'sign-files');
  const pendingFiles = () => {
    const dir = path.join(signFilesDir(), 'pending');
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  const cancel = (investor: Investor, orderId: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/orders/${orderId}/cancel`, headers: investor.headers, payload: {} });
  const stateOf = async (investor: Investor, orderId: string) =>
    (
      (await t.app.inject({ url: `/api/v1/orders/${orderId}`, headers: investor.headers })).json() as {
        state: string;
        signFileId: string | null;
      }
    ).state;

  it('answers 503 with Retry-After when every render thread is busy and the queue is full', async () => {
    const { productId, accountMethodId } = await createSaleProduct(t.app);
    const signers = await Promise.all([1, 2, 3, 4].map(() => newInvestor()));
    const orders = await Promise.all(
      signers.map((investor) => orderOk(t.app, investor, productId, { quantity: 1, payMethodId: accountMethodId })),
    );
    // One thread, no queue: while one contract renders, the others are refused at once.
    const answers = await Promise.all(signers.map((investor, index) => signOrder(t.app, investor, orders[index]!)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(
      statuses.every((status) => status === 200 || status === 503),
      statuses.join(),
    ).toBe(true);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    const refused = answers.flatMap((answer, index) => (answer.statusCode === 503 ? [index] : []));
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const index of refused) {
      expect(errorCode(answers[index]!)).toBe('SERVICE_UNAVAILABLE');
      expect(Number(answers[index]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // Nothing was signed or written for a refused signature, and it can be signed once the thread is free.
      expect(await stateOf(signers[index]!, orders[index]!.id)).toBe('RESERVED');
      const again = await signOrder(t.app, signers[index]!, orders[index]!);
      expect(again.statusCode, again.body).toBe(200);
    }
    expect(pendingFiles()).toEqual([]);
  });

  it('limits the contracts one account signs and the orders it cancels per hour, with RATE_LIMITED', async () => {
    const { productId, accountMethodId } = await createSaleProduct(t.app);
    const looper = await newInvestor();
    const order = () => orderOk(t.app, looper, productId, { quantity: 1, payMethodId: accountMethodId });
    for (let round = 0; round < 2; round += 1) {
      const placed = await order();
      expect((await signOrder(t.app, looper, placed)).statusCode).toBe(200);
      expect((await cancel(looper, placed.id)).statusCode).toBe(200);
    }
    const third = await order();
    const refusedSign = await signOrder(t.app, looper, third);
    expect(refusedSign.statusCode).toBe(429);
    expect(errorCode(refusedSign)).toBe('RATE_LIMITED');
    expect(Number(refusedSign.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stateOf(looper, third.id)).toBe('RESERVED');
    const refusedCancel = await cancel(looper, third.id);
    expect(refusedCancel.statusCode).toBe(429);
    expect(errorCode(refusedCancel)).toBe('RATE_LIMITED');
    expect(Number(refusedCancel.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stateOf(looper, third.id)).toBe('RESERVED');

    // The limits are the account's own: another investor signs and cancels meanwhile.
    const other = await newInvestor();
    const theirs = await orderOk(t.app, other, productId, { quantity: 1, payMethodId: accountMethodId });
    expect((await signOrder(t.app, other, theirs)).statusCode).toBe(200);
    expect((await cancel(other, theirs.id)).statusCode).toBe(200);

    // A refused cancellation spends nothing: cancelling a cancelled order is a state conflict.
    expect(errorCode(await cancel(other, theirs.id))).toBe('ORDER_STATE_CONFLICT');

    clock.advance(61 * MINUTE);
    expect((await signOrder(t.app, looper, third)).statusCode).toBe(200);
    expect((await cancel(looper, third.id)).statusCode).toBe(200);
  });

  it('moves a committed contract left under its pending name, and removes an uncommitted one once old', async () => {
    const { productId, accountMethodId } = await createSaleProduct(t.app);
    const investor = await newInvestor();
    const placed = await orderOk(t.app, investor, productId, { quantity: 1, payMethodId: accountMethodId });
    const signed = await signOrder(t.app, investor, placed);
    expect(signed.statusCode, signed.body).toBe(200);
    const { signFileId } = signStatusSchema.parse(signed.json());
    const placedFile = path.join(signFilesDir(), investor.userId, `${signFileId}.pdf`);
    const pendingDir = path.join(signFilesDir(), 'pending');
    // As a process stopped between the commit and the move leaves it.
    renameSync(placedFile, path.join(pendingDir, `${signFileId}.pdf`));
    // As a process stopped between writing and committing leaves it: no row, just written.
    const orphan = path.join(pendingDir, `${randomUUID()}.pdf`);
    writeFileSync(orphan, '%PDF-1.7 name, email and address of a signature that never happened');
    const justNow = clock.now();
    utimesSync(orphan, justNow, justNow);

    // Another process may still be about to commit a young file: it stays.
    expect(await sweepPendingSignFiles(t.app.ctx)).toEqual({ moved: 1, removed: 0 });
    expect(existsSync(placedFile)).toBe(true);
    expect(existsSync(orphan)).toBe(true);
    const download = await t.app.inject({
      url: `/api/v1/users/me/sign-files/${signFileId}`,
      headers: investor.headers,
    });
    expect(download.statusCode).toBe(200);

    clock.advance(PENDING_SIGN_FILE_GRACE_MS + MINUTE);
    expect(await sweepPendingSignFiles(t.app.ctx)).toEqual({ moved: 0, removed: 1 });
    expect(pendingFiles()).toEqual([]);
  });
});
