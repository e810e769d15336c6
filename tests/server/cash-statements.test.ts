import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myCashStatementsResponseSchema } from '../../src/domain/cash-statements';
import type { CashEntryKind, CashEntryReason } from '../../src/domain/cash';
import { appendCashEntry } from '../../server/modules/cash/service';
import { insertCategory, insertProduct } from '../../server/modules/products/factory';
import { findUserByEmail } from '../../server/modules/users/records-repository';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, createClock, enrollUser, errorCode, type EnrolledUser } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { pdfText } from '../helpers/pdf-text';

// Statements render in worker threads, which take a while to start on a busy machine.
const RENDER_TIMEOUT_MS = 60_000;

describe.each(testEngines())('cash balance statements on %s', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.UTC(2026, 10, 25, 12));
  let investor: EnrolledUser & { id: string };
  let stranger: EnrolledUser & { id: string };
  let foodId: number;

  const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });

  async function move(
    userId: string,
    kind: CashEntryKind,
    reason: CashEntryReason,
    amount: number,
    at: string,
    productId: number | null = null,
  ) {
    await t.app.ctx.db.transaction().execute((trx) =>
      appendCashEntry(trx, {
        userId,
        currency: 'USD',
        kind,
        reason,
        amount,
        actor: { type: 'SYSTEM', id: 'test' },
        productId,
        at,
      }),
    );
  }

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      { SIGN_IN_CODES_PER_IP: '1000', AUTH_RATE_LIMIT_MAX: '1000', SESSION_TTL_MINUTES: '43200', CURRENCY: 'USD' },
      undefined,
      { now: clock.now },
    );
    const db = t.db.db;
    foodId = await insertProduct(db, {
      categoryId: await insertCategory(db, 'Food'),
      name: '강남 떡볶이',
      tokenName: 'GTB',
    });
    investor = { ...(await enrollUser(t.app, clock, 'saver@example.com')), id: '' };
    investor.id = (await findUserByEmail(db, 'saver@example.com'))!.id;
    stranger = { ...(await enrollUser(t.app, clock, 'other@example.com')), id: '' };
    stranger.id = (await findUserByEmail(db, 'other@example.com'))!.id;

    await move(investor.id, 'DEPOSIT', 'DEPOSIT', 100_000, '2026-10-02T09:00:00.000Z');
    await move(investor.id, 'PURCHASE', 'ORDER', 30_000, '2026-10-20T09:00:00.000Z');
    await move(investor.id, 'DEPOSIT', 'DEPOSIT', 50_000, '2026-11-01T09:00:00.000Z');
    await move(investor.id, 'REVENUE', 'DISTRIBUTION', 1_234, '2026-11-02T09:00:00.000Z', foodId);
    await move(investor.id, 'WITHDRAWAL_HELD', 'WITHDRAWAL', 40_000, '2026-11-03T09:00:00.000Z');
    await move(investor.id, 'WITHDRAWAL_PAID', 'WITHDRAWAL', 40_000, '2026-11-04T09:00:00.000Z');
    await move(investor.id, 'WITHDRAWAL_HELD', 'WITHDRAWAL', 5_000, '2026-11-05T09:00:00.000Z');
  });
  afterAll(() => t.close());

  it('lists a statement for each month with a movement and for its year (first), each opening where the last closed', async () => {
    const response = await get('/api/v1/users/me/cash-statements', investor.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const { statements } = myCashStatementsResponseSchema.parse(response.json());
    expect(
      statements.map(({ period, kind, from, to, isToDate, opening, closing }) => ({
        period,
        kind,
        from,
        to,
        isToDate,
        opening,
        closing,
      })),
    ).toEqual([
      {
        period: '2026',
        kind: 'YEAR',
        from: '2026-01-01',
        to: '2026-11-25',
        isToDate: true,
        opening: 0,
        closing: 81_234,
      },
      {
        period: '2026-11',
        kind: 'MONTH',
        from: '2026-11-01',
        to: '2026-11-25',
        isToDate: true,
        opening: 70_000,
        closing: 81_234,
      },
      {
        period: '2026-10',
        kind: 'MONTH',
        from: '2026-10-01',
        to: '2026-10-31',
        isToDate: false,
        opening: 0,
        closing: 70_000,
      },
    ]);
    expect(statements[1]).toMatchObject({
      currency: 'USD',
      downloadUrl: '/api/v1/users/me/cash-statements/2026-11.pdf',
      fileName: 'moa-balance-2026-11.pdf',
    });
    const theirs = myCashStatementsResponseSchema.parse(
      (await get('/api/v1/users/me/cash-statements', stranger.token)).json(),
    );
    expect(theirs.statements).toEqual([]);
  });

  it(
    'renders a month in Korean with every figure, the project’s Korean name and the SHA-256',
    async () => {
      const response = await get('/api/v1/users/me/cash-statements/2026-11.pdf?language=ko', investor.token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers['content-disposition']).toContain('moa-balance-2026-11.pdf');
      const bytes = response.rawPayload;
      expect(response.headers['repr-digest']).toBe(`sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`);
      const text = await pdfText(bytes);
      expect(text).toContain('2026-11 월간 예치금 명세서');
      expect(text).toContain('강남 떡볶이 수익');
      expect(text).toContain('입금');
      expect(text).toContain('US$700.00');
      expect(text).toContain('US$500.00');
      expect(text).toContain('US$12.34');
      expect(text).toContain('-US$400.00');
      expect(text).toContain('US$812.34');
      expect(text).toContain('US$50.00');
      expect(text).toMatch(/명세서 SHA-256: [0-9a-f]{64}/);

      const english = await get('/api/v1/users/me/cash-statements/2026-11.pdf?language=en', investor.token);
      const englishText = await pdfText(english.rawPayload);
      expect(englishText).toContain('Cash balance statement, 2026-11');
      expect(englishText).toContain('$812.34');
      // The figures' fingerprint is the same in either language.
      const fingerprint = (value: string) => /SHA-256: ([0-9a-f]{64})/.exec(value)?.[1];
      expect(fingerprint(englishText)).toBe(fingerprint(text));
    },
    RENDER_TIMEOUT_MS,
  );

  it('answers only its owner and refuses periods that are not a month or a year up to now', async () => {
    expect((await get('/api/v1/users/me/cash-statements/2026-11.pdf', stranger.token)).statusCode).toBe(404);
    expect((await get('/api/v1/users/me/cash-statements/2026-09.pdf', investor.token)).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v1/users/me/cash-statements/2026-11.pdf' })).statusCode).toBe(401);
    for (const period of ['2026-12', '2027', '1999', '2026-13', '2026-1', '20x6', '2026-11-01']) {
      const response = await get(`/api/v1/users/me/cash-statements/${period}.pdf`, investor.token);
      expect(response.statusCode, `${period}: ${response.body}`).toBe(400);
      expect(errorCode(response)).toBe('VALIDATION_FAILED');
    }
    expect((await get('/api/v1/users/me/cash-statements/2026-11', investor.token)).statusCode).toBe(400);
  });
});
