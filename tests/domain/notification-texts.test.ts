import { describe, expect, it } from 'vitest';
import { formatPlainAmount } from '../../src/domain/money';
import {
  notificationParamNames,
  notificationParamsProblem,
  renderNotification,
  type NotificationParams,
} from '../../src/domain/notification-params';
import { notificationTexts, type NotificationTextKey } from '../../src/domain/notification-texts';
import { notificationTextsKo } from '../../src/domain/notification-texts.ko';
import { notificationTypes, type NotificationType } from '../../src/domain/notifications';
import { notificationText } from '../../server/i18n/notifications';

/** One full set of parameters per type; the test fails when a type has none here. */
const samples: Record<NotificationType, NotificationParams> = {
  PROPOSAL_CREATED: { productName: 'Seoul Nights', title: 'Press a vinyl', endsAt: '2026-12-01T09:30:00.000Z' },
  VOTE_FINISH: { productName: 'Seoul Nights', title: 'Press a vinyl', outcome: 'PASSED' },
  AGENDA_CLOSED: { productName: 'Seoul Nights', title: 'New manager', outcome: 'NO_QUORUM' },
  CONTRACT_SIGNED: { productName: 'Seoul Nights', reference: 'MOA-7K2Q' },
  PROMOTE: { title: 'Hanwoo herd 8 opens', body: 'Orders open Monday.' },
  PAYMENT_CONFIRMED: {
    productName: 'Seoul Nights',
    reference: 'MOA-7K2Q',
    amount: '3000',
    currency: 'USD',
    quantity: '3',
  },
  PAYMENT_REJECTED: { productName: 'Seoul Nights', reference: 'MOA-7K2Q', reason: 'No transfer arrived' },
  ORDER_EXPIRED: { productName: 'Seoul Nights', reference: 'MOA-7K2Q' },
  ORDER_REFUNDED: { productName: 'Seoul Nights', reference: 'MOA-7K2Q', quantity: '3' },
  DEPOSIT_CREDITED: { amount: '125000', currency: 'KRW' },
  WITHDRAWAL_PAID: { amount: '2550', currency: 'USD' },
  WITHDRAWAL_RETURNED: { amount: '2550', currency: 'USD', reason: 'The account is closed' },
  MARKET_ORDER_FILLED: {
    productName: 'Seoul Nights',
    side: 'SELL',
    reference: '42',
    quantity: '3',
    amount: '3000',
    currency: 'USD',
    filled: '3',
    ordered: '5',
  },
};

const catalogues = { en: notificationTexts, ko: notificationTextsKo } as const;
const formats = { money: formatPlainAmount, dateTime: (iso: string) => iso.slice(0, 16) };
const render = (language: 'en' | 'ko', type: NotificationType, params: NotificationParams | null) =>
  renderNotification(
    { type, params, title: 'Stored title', body: 'Stored body' },
    (key) => catalogues[language][key],
    formats,
  );

describe('notification texts', () => {
  it('have a title and a body in both languages for every type', () => {
    for (const type of notificationTypes) {
      for (const language of ['en', 'ko'] as const) {
        for (const part of ['title', 'body'] as const) {
          const key = `notifications.text.${type}.${part}` as NotificationTextKey;
          expect(catalogues[language][key], `${language} ${key}`).toEqual(expect.any(String));
        }
      }
    }
    expect(Object.keys(notificationTextsKo).sort()).toEqual(Object.keys(notificationTexts).sort());
  });

  it('write every type in English and in Korean from its parameters, every placeholder filled', () => {
    for (const type of notificationTypes) {
      const params = samples[type];
      expect(notificationParamsProblem(type, params), type).toBeNull();
      const en = render('en', type, params);
      const ko = render('ko', type, params);
      for (const text of [en.title, en.body, ko.title, ko.body]) {
        expect(text, type).not.toMatch(/\{\w+\}/);
        expect(text.trim(), type).not.toBe('');
      }
      expect(en, type).not.toEqual({ title: 'Stored title', body: 'Stored body' });
      // A promotion is the operator's own words, the same in both; every other type is Korean.
      if (type === 'PROMOTE') expect(ko).toEqual(en);
      else expect(`${ko.title} ${ko.body}`, type).toMatch(/[\uac00-\ud7a3]/);
      // Names and references reach the text as they were given.
      for (const name of ['productName', 'reference', 'title'] as const) {
        if (params[name] && type !== 'PROMOTE') expect(`${en.title} ${en.body}`).toContain(params[name]);
      }
    }
  });

  it('writes amounts, outcomes and reasons in the reader’s language', () => {
    expect(render('en', 'PAYMENT_CONFIRMED', samples.PAYMENT_CONFIRMED).body).toBe(
      'Your payment of 30.00 USD for Seoul Nights (order MOA-7K2Q) is confirmed: 3 tokens are now yours.',
    );
    expect(render('ko', 'DEPOSIT_CREDITED', samples.DEPOSIT_CREDITED).body).toContain('125000 KRW');
    expect(render('en', 'VOTE_FINISH', samples.VOTE_FINISH).body).toContain('Seoul Nights passed.');
    expect(render('ko', 'VOTE_FINISH', samples.VOTE_FINISH).body).toContain('투표 결과: 가결');
    expect(render('ko', 'AGENDA_CLOSED', samples.AGENDA_CLOSED).body).toContain('정족수 미달');
    expect(render('en', 'PAYMENT_REJECTED', samples.PAYMENT_REJECTED).body).toMatch(/Reason: No transfer arrived$/);
    expect(render('ko', 'WITHDRAWAL_RETURNED', samples.WITHDRAWAL_RETURNED).body).toMatch(
      /사유: The account is closed$/,
    );
    expect(render('en', 'PROPOSAL_CREATED', samples.PROPOSAL_CREATED).body).toContain('until 2026-12-01T09:30.');
  });

  it('keeps the stored text of a notification stored before parameters, or whose parameters do not fit', () => {
    expect(render('ko', 'CONTRACT_SIGNED', null)).toEqual({ title: 'Stored title', body: 'Stored body' });
    expect(render('ko', 'CONTRACT_SIGNED', { productName: 'Seoul Nights' })).toEqual({
      title: 'Stored title',
      body: 'Stored body',
    });
  });

  it('names what is missing or unknown in a type’s parameters', () => {
    expect(notificationParamsProblem('CONTRACT_SIGNED', { productName: 'x' })).toMatch(/needs reference/);
    expect(notificationParamsProblem('ORDER_EXPIRED', { ...samples.ORDER_EXPIRED, reason: 'x' })).toMatch(
      /takes no reason/,
    );
    expect(notificationParamsProblem('DEPOSIT_CREDITED', { amount: '25.50', currency: 'USD' })).toMatch(/minor units/);
    expect(notificationParamsProblem('VOTE_FINISH', { ...samples.VOTE_FINISH, outcome: 'WON' })).toMatch(/outcome/);
    expect(notificationParamsProblem('PROPOSAL_CREATED', { ...samples.PROPOSAL_CREATED, endsAt: 'soon' })).toMatch(
      /ISO/,
    );
    for (const type of notificationTypes) expect(notificationParamNames[type].required.length).toBeGreaterThan(0);
  });

  it('are written by the server in the account’s language with that language’s amounts and dates', () => {
    const stored = { type: 'PAYMENT_CONFIRMED' as const, params: samples.PAYMENT_CONFIRMED, title: '', body: '' };
    expect(notificationText('en', stored).body).toContain('$30.00');
    expect(notificationText('ko', stored).body).toContain('US$30.00');
    expect(notificationText('ko', stored).title).toBe('입금이 확인되었습니다');
    const proposal = { type: 'PROPOSAL_CREATED' as const, params: samples.PROPOSAL_CREATED, title: '', body: '' };
    expect(notificationText('en', proposal).body).toMatch(/until Dec 1, 2026, 9:30\s?AM UTC\.$/);
    expect(notificationText('ko', proposal).body).toMatch(/2026\. 12\. 1\..*UTC까지 진행됩니다\.$/);
  });
});
