import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMinorUnitsIn } from '../../src/domain/money';
import { myStatementsResponseSchema } from '../../src/domain/statements';
import { distributeRevenue } from '../../server/modules/account/distributions';
import { appendHoldingEntry } from '../../server/modules/holdings/repository';
import { insertCategory, insertHolding, insertProduct } from '../../server/modules/products/factory';
import { findUserByEmail } from '../../server/modules/users/records-repository';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, createClock, enrollUser, errorCode, type EnrolledUser } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { approveIdentity } from '../helpers/kyc';
import { pdfText } from '../helpers/pdf-text';

// Statements render in worker threads, which take a while to start on a busy machine.
const RENDER_TIMEOUT_MS = 60_000;

const at = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day)).toISOString();

describe.each(testEngines())('yearly statements on %s', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.UTC(2026, 5, 10, 12));
  let investor: EnrolledUser & { id: string };
  let stranger: EnrolledUser & { id: string };
  let filmId: number;
  let foodId: number;

  const get = async (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      { SIGN_IN_CODES_PER_IP: '1000', AUTH_RATE_LIMIT_MAX: '1000', SESSION_TTL_MINUTES: '43200', CURRENCY: 'USD' },
      undefined,
      { now: clock.now },
    );
    const db = t.db.db;
    const categoryId = await insertCategory(db, 'Film');
    filmId = await insertProduct(db, { categoryId, name: 'Busan Noir', tokenName: 'BNR' });
    foodId = await insertProduct(db, { categoryId, name: '강남 떡볶이', tokenName: 'GTB' });
    const enrolled = await enrollUser(t.app, clock, 'holder@example.com');
    await approveIdentity(t.app, 'holder@example.com');
    investor = { ...enrolled, id: (await findUserByEmail(db, 'holder@example.com'))!.id };
    const other = await enrollUser(t.app, clock, 'stranger@example.com');
    await approveIdentity(t.app, 'stranger@example.com');
    stranger = { ...other, id: (await findUserByEmail(db, 'stranger@example.com'))!.id };

    const entry = (
      productId: number,
      userId: string,
      quantity: number,
      reason: 'ORDER_CONFIRMED' | 'ORDER_REFUNDED',
      when: string,
    ) => appendHoldingEntry(db, { productId, userId, quantity, reason, orderId: null, note: null, at: when });
    // 2025: 100 held from March, 20 bought in September, revenue paid in December.
    await insertHolding(db, { productId: filmId, userId: investor.id, quantity: 100, firstInvestedAt: at(2025, 3, 1) });
    await entry(filmId, investor.id, 20, 'ORDER_CONFIRMED', at(2025, 9, 1));
    await distributeRevenue(db, {
      productId: filmId,
      amount: 123_456,
      recordDate: '2025-11-30',
      memo: null,
      currency: 'USD',
      createdBy: 'test',
      now: new Date(Date.UTC(2025, 11, 1)),
      paysAt: at(2025, 12, 14),
    });
    // 2026: 5 refunded, a second project bought, its revenue paid in May; one more share is still scheduled.
    await entry(filmId, investor.id, -5, 'ORDER_REFUNDED', at(2026, 2, 1));
    await entry(foodId, investor.id, 7, 'ORDER_CONFIRMED', at(2026, 3, 1));
    await insertHolding(db, { productId: foodId, userId: stranger.id, quantity: 3, firstInvestedAt: at(2026, 3, 2) });
    await distributeRevenue(db, {
      productId: foodId,
      amount: 5_000,
      recordDate: '2026-04-30',
      memo: null,
      currency: 'USD',
      createdBy: 'test',
      now: new Date(Date.UTC(2026, 4, 1)),
      paysAt: at(2026, 5, 14),
    });
    await distributeRevenue(db, {
      productId: filmId,
      amount: 999_999,
      recordDate: '2026-06-01',
      memo: null,
      currency: 'USD',
      createdBy: 'test',
      now: new Date(Date.UTC(2026, 5, 2)),
      paysAt: at(2026, 7, 1),
    });
  });
  afterAll(() => t.close());

  it('lists one statement per year with holdings or revenue, the current one to date', async () => {
    const response = await get('/api/v1/users/me/statements', investor.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const { statements } = myStatementsResponseSchema.parse(response.json());
    // The food project's 5000 is shared 7 : 3 with the stranger.
    expect(statements).toEqual([
      {
        year: 2026,
        from: '2026-01-01',
        to: '2026-06-10',
        isYearToDate: true,
        projectCount: 2,
        revenueGross: 3_500,
        currency: 'USD',
        downloadUrl: '/api/v1/users/me/statements/2026.pdf',
        fileName: 'moa-statement-2026.pdf',
      },
      {
        year: 2025,
        from: '2025-01-01',
        to: '2025-12-31',
        isYearToDate: false,
        projectCount: 1,
        revenueGross: 123_456,
        currency: 'USD',
        downloadUrl: '/api/v1/users/me/statements/2025.pdf',
        fileName: 'moa-statement-2025.pdf',
      },
    ]);
    const theirs = myStatementsResponseSchema.parse((await get('/api/v1/users/me/statements', stranger.token)).json());
    expect(theirs.statements.map((statement) => statement.year)).toEqual([2026]);
  });

  it(
    'renders a year as a PDF in English with the investor’s figures and its SHA-256',
    async () => {
      const response = await get('/api/v1/users/me/statements/2025.pdf', investor.token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers['content-disposition']).toContain('moa-statement-2025.pdf');
      const bytes = response.rawPayload;
      expect(response.headers['repr-digest']).toBe(`sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`);
      const text = await pdfText(bytes);
      expect(text).toContain('Yearly statement 2025');
      expect(text).toContain('Busan Noir (BNR)');
      expect(text).not.toContain('강남 떡볶이');
      expect(text).toContain('January 1, 2025');
      expect(text).toContain('December 31, 2025');
      expect(text).toContain('Bought');
      expect(text).toContain('20 tokens');
      expect(text).toContain('100 tokens');
      expect(text).toContain('120 tokens');
      expect(text).toContain(formatMinorUnitsIn(123_456, 'USD', 'en-US'));
      expect(text).toContain('$1,234.56');
      expect(text).toContain('$0.00');
      expect(text).toMatch(/Statement SHA-256: [0-9a-f]{64}/);

      // The same figures give the same file: a closed year's statement is reproducible.
      const again = await get('/api/v1/users/me/statements/2025.pdf', investor.token);
      expect(again.headers['repr-digest']).toBe(response.headers['repr-digest']);
    },
    RENDER_TIMEOUT_MS,
  );

  it(
    'renders the year to date in Korean, with Hangul text and the same figures’ SHA-256',
    async () => {
      const english = await pdfText((await get('/api/v1/users/me/statements/2026.pdf', investor.token)).rawPayload);
      expect(english).toContain('Year to date');
      expect(english).toContain('115 tokens');
      expect(english).toContain('Sold or refunded');
      expect(english).toContain('$35.00');

      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/users/me/language',
        headers: bearer(investor.token),
        payload: { language: 'ko' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const response = await get('/api/v1/users/me/statements/2026.pdf', investor.token);
      expect(response.statusCode, response.body).toBe(200);
      const korean = await pdfText(response.rawPayload);
      expect(korean).toContain('2026년 연간 거래 명세서');
      expect(korean).toContain('연초부터 현재까지');
      expect(korean).toContain('강남 떡볶이 (GTB)');
      expect(korean).toContain('2026년 1월 1일');
      expect(korean).toContain('115개');
      expect(korean).toContain('7개');
      expect(korean).toContain(formatMinorUnitsIn(3_500, 'USD', 'ko-KR'));
      const hashOf = (text: string) => /SHA-256: ([0-9a-f]{64})/.exec(text)?.[1];
      expect(hashOf(korean)).toBe(hashOf(english));

      // The language asked for wins over the stored one.
      const asked = await pdfText(
        (await get('/api/v1/users/me/statements/2026.pdf?language=en', investor.token)).rawPayload,
      );
      expect(asked).toContain('Yearly statement 2026');
    },
    RENDER_TIMEOUT_MS,
  );

  it('answers only its owner: another investor and a stranger to the year get 404, no session 401', async () => {
    const theirs = await get('/api/v1/users/me/statements/2025.pdf', stranger.token);
    expect(theirs.statusCode).toBe(404);
    expect(errorCode(theirs)).toBe('NOT_FOUND');
    expect((await t.app.inject({ url: '/api/v1/users/me/statements/2025.pdf' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/users/me/statements' })).statusCode).toBe(401);
  });

  it('refuses a year that is not four digits, before 2000 or after the current one with 400', async () => {
    for (const year of ['20x5', '-2025', '1999', '2027', '99999', '2025.5', '%20202']) {
      const response = await get(`/api/v1/users/me/statements/${year}.pdf`, investor.token);
      expect(response.statusCode, `${year}: ${response.body}`).toBe(400);
      expect(errorCode(response)).toBe('VALIDATION_FAILED');
    }
    expect((await get('/api/v1/users/me/statements/2024.pdf', investor.token)).statusCode).toBe(404);
  });
});
