import type { Language } from '../../src/domain/language';

/** The words of a yearly statement's PDF, in the investor's language (Korean in the 합니다 register). */
export interface StatementWords {
  title: (year: number) => string;
  yearToDate: string;
  investor: string;
  period: string;
  asOf: string;
  currency: string;
  project: string;
  heldAtStart: (date: string) => string;
  bought: string;
  sold: string;
  gifted: string;
  adjusted: string;
  heldAtEnd: (date: string) => string;
  revenueGross: string;
  revenueWithheld: string;
  revenueNet: string;
  totals: string;
  tokens: (count: string) => string;
  none: string;
  notes: string;
  fingerprint: string;
}

const en: StatementWords = {
  title: (year) => `Yearly statement ${year}`,
  yearToDate: 'Year to date',
  investor: 'Investor',
  period: 'Period',
  asOf: 'Figures as of',
  currency: 'Currency',
  project: 'Project',
  heldAtStart: (date) => `Tokens held on ${date}`,
  bought: 'Bought',
  sold: 'Sold or refunded',
  gifted: 'Received as gifts or distributions',
  adjusted: 'Opening balances and corrections',
  heldAtEnd: (date) => `Tokens held on ${date}`,
  revenueGross: 'Revenue paid (gross)',
  revenueWithheld: 'Tax withheld',
  revenueNet: 'Revenue paid (net)',
  totals: 'Totals',
  tokens: (count) => `${count} tokens`,
  none: 'No holdings or revenue in this period.',
  notes:
    'Revenue counts the shares whose payment date fell in the period. Token movements come from the ledger of holdings. This statement is for information; it is not a tax document.',
  fingerprint: 'Statement SHA-256',
};

const ko: StatementWords = {
  title: (year) => `${year}년 연간 거래 명세서`,
  yearToDate: '연초부터 현재까지',
  investor: '투자자',
  period: '기간',
  asOf: '기준일',
  currency: '통화',
  project: '프로젝트',
  heldAtStart: (date) => `${date} 보유 토큰`,
  bought: '매수',
  sold: '매도 또는 환불',
  gifted: '증여 또는 배분으로 받은 토큰',
  adjusted: '기초 잔고 및 정정',
  heldAtEnd: (date) => `${date} 보유 토큰`,
  revenueGross: '지급된 수익(세전)',
  revenueWithheld: '원천징수 세액',
  revenueNet: '지급된 수익(세후)',
  totals: '합계',
  tokens: (count) => `${count}개`,
  none: '이 기간에는 보유 토큰이나 수익이 없습니다.',
  notes:
    '수익은 지급일이 이 기간에 속한 배분을 합산한 금액입니다. 토큰 변동은 보유 원장에서 가져왔습니다. 이 명세서는 참고용이며 세무 서류가 아닙니다.',
  fingerprint: '명세서 SHA-256',
};

export function statementWords(language: Language): StatementWords {
  return language === 'ko' ? ko : en;
}

/** The locale numbers, dates and money are written in. */
export function statementLocale(language: Language): string {
  return language === 'ko' ? 'ko-KR' : 'en-US';
}

/** The words of a monthly or annual cash balance statement's PDF. */
export interface CashStatementWords {
  title: (period: string, kind: 'YEAR' | 'MONTH') => string;
  toDate: string;
  investor: string;
  period: string;
  currency: string;
  opening: (date: string) => string;
  deposits: string;
  purchases: string;
  revenue: string;
  revenueOf: (project: string) => string;
  revenueGross: string;
  revenueWithheld: string;
  revenueNet: string;
  refunds: string;
  marketBought: string;
  marketSold: string;
  withdrawals: string;
  fees: string;
  other: string;
  closing: (date: string) => string;
  held: string;
  notes: string;
  fingerprint: string;
}

const cashEn: CashStatementWords = {
  title: (period, kind) => (kind === 'YEAR' ? `Cash balance statement ${period}` : `Cash balance statement, ${period}`),
  toDate: 'To date',
  investor: 'Investor',
  period: 'Period',
  currency: 'Currency',
  opening: (date) => `Balance at the start of ${date}`,
  deposits: 'Deposits',
  purchases: 'Purchases paid from the balance',
  revenue: 'Revenue received',
  revenueOf: (project) => `Revenue from ${project}`,
  revenueGross: 'Gross',
  revenueWithheld: 'Tax withheld',
  revenueNet: 'Net',
  refunds: 'Refunds',
  marketBought: 'Tokens bought on the market',
  marketSold: 'Tokens sold on the market',
  withdrawals: 'Withdrawals paid out',
  fees: 'Fees',
  other: 'Corrections',
  closing: (date) => `Balance at the end of ${date}`,
  held: 'of which held for pending withdrawals',
  notes:
    'Amounts are in the currency of the balance. The balance includes money held for withdrawals not yet paid. This statement is for information; it is not a tax document.',
  fingerprint: 'Statement SHA-256',
};

const cashKo: CashStatementWords = {
  title: (period, kind) => (kind === 'YEAR' ? `${period}년 예치금 명세서` : `${period} 월간 예치금 명세서`),
  toDate: '현재까지',
  investor: '투자자',
  period: '기간',
  currency: '통화',
  opening: (date) => `${date} 시작 잔액`,
  deposits: '입금',
  purchases: '예치금으로 결제한 매수',
  revenue: '받은 수익',
  revenueOf: (project) => `${project} 수익`,
  revenueGross: '세전',
  revenueWithheld: '원천징수 세액',
  revenueNet: '세후',
  refunds: '환불',
  marketBought: '마켓에서 매수한 토큰',
  marketSold: '마켓에서 매도한 토큰',
  withdrawals: '지급된 출금',
  fees: '수수료',
  other: '정정',
  closing: (date) => `${date} 종료 잔액`,
  held: '그중 대기 중인 출금으로 보류된 금액',
  notes:
    '금액은 예치금 통화 기준입니다. 잔액에는 아직 지급되지 않은 출금을 위해 보류된 금액이 포함됩니다. 이 명세서는 참고용이며 세무 서류가 아닙니다.',
  fingerprint: '명세서 SHA-256',
};

export function cashStatementWords(language: Language): CashStatementWords {
  return language === 'ko' ? cashKo : cashEn;
}
