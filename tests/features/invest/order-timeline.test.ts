import { beforeAll, describe, expect, it } from 'vitest';
import { nextStepMessages, nextStepOf, type OrderState } from '../../../src/domain/order-state';
import type { Order, OrderEvent } from '../../../src/domain/orders';
import { timelineItems } from '../../../src/features/invest/components/order-timeline';
import { loadTexts } from '../../../src/lib/i18n';

// The order pages ask for the investing texts (their routes' staticData).
beforeAll(() => loadTexts(['invest']));

let eventId = 0;
const event = (type: OrderEvent['type'], state: OrderState, at: string, actor: OrderEvent['actor'] = 'INVESTOR') => ({
  id: ++eventId,
  type,
  state,
  actor,
  at,
  note: null,
});

function orderIn(state: OrderState, timeline: OrderEvent[]): Order {
  const next = nextStepOf(state);
  return {
    id: '5b0d7c5e-8f43-4a39-9a0e-1f3f8a0f0c11',
    reference: 'MOA-TEST0001',
    state,
    quantity: 4,
    pricePerToken: 2500,
    amount: 10_000,
    currency: 'USD',
    createdAt: '2026-11-20T10:00:00.000Z',
    expiresAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    product: { id: 1, name: 'Project', tokenName: 'PRJ', logo: '/logo.png' },
    payMethod: { id: 1, name: 'Bank', payMethodType: 'ACCOUNT' },
    payFrom: 'TRANSFER',
    signFileId: null,
    canCancel: state === 'RESERVED' || state === 'SIGNED',
    paymentInstructions: {
      payMethodType: 'ACCOUNT',
      bankName: 'Bank',
      accountNumber: '1',
      accountHolder: 'Holder',
      amount: 10_000,
      currency: 'USD',
      reference: 'MOA-TEST0001',
      deadline: '2026-11-23T10:00:00.000Z',
    },
    payment: null,
    timeline,
    next: {
      code: next.code,
      message: nextStepMessages[next.code],
      deadline: state === 'RESERVED' || state === 'SIGNED' ? '2026-11-23T10:00:00.000Z' : null,
      usualWaitHours: next.usualWaitHours,
    },
  };
}

const reserved = event('RESERVED', 'RESERVED', '2026-11-20T10:00:00.000Z');
const signed = event('CONTRACT_SIGNED', 'SIGNED', '2026-11-20T10:05:00.000Z');
const declared = event('PAYMENT_DECLARED', 'PAYMENT_DECLARED', '2026-11-20T11:00:00.000Z');

describe('timelineItems', () => {
  it('lists a new order as reserved, then what the investor does next and what is still to come', () => {
    const items = timelineItems(orderIn('RESERVED', [reserved]));
    expect(items.map((item) => [item.label, item.status])).toEqual([
      ['Tokens reserved', 'done'],
      ['Contract signed', 'current'],
      ['Payment declared', 'upcoming'],
      ['Payment confirmed, tokens credited', 'upcoming'],
    ]);
    expect(items[0]!.at).toBe(reserved.at);
    expect(items[1]!.detail).toContain('Sign the contract');
  });

  it('says how long the platform usually takes while it checks a declared payment', () => {
    const items = timelineItems(orderIn('PAYMENT_DECLARED', [declared, reserved, signed]));
    expect(items.map((item) => item.status)).toEqual(['done', 'done', 'done', 'current']);
    expect(items.map((item) => item.at)).toEqual([reserved.at, signed.at, declared.at, undefined]);
    expect(items[3]!.detail).toContain('usually takes up to 24 hours');
  });

  it('ends a cancelled order with its cancellation and nothing still to come', () => {
    const cancelled = { ...event('CANCELLED', 'CANCELLED', '2026-11-20T10:10:00.000Z'), note: 'Changed my mind' };
    const items = timelineItems(orderIn('CANCELLED', [reserved, cancelled]));
    expect(items.map((item) => [item.label, item.status])).toEqual([
      ['Tokens reserved', 'done'],
      ['Order cancelled', 'closed'],
    ]);
    expect(items[1]!.note).toBe('Changed my mind');
  });

  it('shows a confirmed order as complete, with who confirmed it', () => {
    const confirmed = event('PAYMENT_CONFIRMED', 'CONFIRMED', '2026-11-21T09:00:00.000Z', 'OPERATOR');
    const items = timelineItems(orderIn('CONFIRMED', [reserved, signed, declared, confirmed]));
    expect(items).toHaveLength(4);
    expect(items.every((item) => item.status === 'done')).toBe(true);
    expect(items[3]!.by).toBe('by the Moa team');
  });
});
