import { describe, expect, it } from 'vitest';
import type { OrderSummary } from '../../src/domain/orders';
import type { GiftCheck } from '../../src/domain/portfolio';
import { giftsToClaim, ordersNeedingAction } from '../../src/routes/_authenticated/account/-components/needs-action';

const now = Date.parse('2026-03-01T12:00:00.000Z');

const order = (state: OrderSummary['state'], expiresAt = '2026-03-02T12:00:00.000Z'): OrderSummary => ({
  id: `order-${state}-${expiresAt}`,
  reference: 'MOA-TEST0001',
  state,
  quantity: 2,
  pricePerToken: 1000,
  amount: 2000,
  currency: 'USD',
  createdAt: '2026-03-01T00:00:00.000Z',
  expiresAt,
  updatedAt: '2026-03-01T00:00:00.000Z',
  product: { id: 1, name: 'Project', tokenName: 'PRJ', logo: '/logo.svg' },
  payMethod: { id: 1, name: 'Bank', payMethodType: 'ACCOUNT' },
  payFrom: 'TRANSFER',
  signFileId: null,
  canCancel: true,
});

const gift = { id: 7, title: 'Signed album', description: '', isDigital: false, limitQuantity: 10 };
const check = (overrides: Partial<GiftCheck>): GiftCheck => ({
  productId: 1,
  productName: 'Project',
  holding: 10,
  availableGift: gift,
  gifts: [gift],
  claim: null,
  canClaim: true,
  ...overrides,
});

describe('what needs the investor’s action', () => {
  it('keeps orders to sign or to pay before their deadline, and nothing else', () => {
    const pending = ordersNeedingAction(
      [
        order('RESERVED'),
        order('SIGNED'),
        order('SIGNED', '2026-03-01T11:59:59.000Z'),
        order('PAYMENT_DECLARED'),
        order('CONFIRMED'),
        order('EXPIRED'),
        order('CANCELLED'),
      ],
      now,
    );
    expect(pending.map((entry) => entry.state)).toEqual(['RESERVED', 'SIGNED']);
  });

  it('lists a gift only while it is reached and not claimed', () => {
    expect(giftsToClaim([check({}), undefined]).map((entry) => entry.availableGift.title)).toEqual(['Signed album']);
    expect(giftsToClaim([check({ canClaim: false, availableGift: null })])).toEqual([]);
    expect(giftsToClaim([check({ canClaim: false })])).toEqual([]);
  });
});
