import { describe, expect, it } from 'vitest';
import {
  allowedOrderActions,
  decideOrderAction,
  isPastDeadline,
  expirableOrderStates,
  finalOrderStates,
  nextOrderState,
  nextStepOf,
  openOrderStates,
  orderActions,
  orderActors,
  orderStates,
  type OrderAction,
  type OrderActor,
  type OrderState,
} from '../../src/domain/order-state';
import { orderQuantityBounds, orderQuantityRefusal } from '../../src/domain/orders';

/** The whole rule written out as a table: every (state, action, actor) not listed is refused. */
const allowed: Array<[OrderState, OrderAction, OrderActor, OrderState]> = [
  ['RESERVED', 'SIGN', 'INVESTOR', 'SIGNED'],
  ['RESERVED', 'CANCEL', 'INVESTOR', 'CANCELLED'],
  ['RESERVED', 'CANCEL', 'OPERATOR', 'CANCELLED'],
  ['RESERVED', 'EXPIRE', 'SYSTEM', 'EXPIRED'],
  ['SIGNED', 'DECLARE_PAYMENT', 'INVESTOR', 'PAYMENT_DECLARED'],
  ['SIGNED', 'CONFIRM_PAYMENT', 'OPERATOR', 'CONFIRMED'],
  // Paid from the balance: confirmed by the platform in the transaction that signs.
  ['SIGNED', 'CONFIRM_PAYMENT', 'SYSTEM', 'CONFIRMED'],
  ['SIGNED', 'CANCEL', 'INVESTOR', 'CANCELLED'],
  ['SIGNED', 'CANCEL', 'OPERATOR', 'CANCELLED'],
  ['SIGNED', 'EXPIRE', 'SYSTEM', 'EXPIRED'],
  ['PAYMENT_DECLARED', 'CONFIRM_PAYMENT', 'OPERATOR', 'CONFIRMED'],
  ['PAYMENT_DECLARED', 'REJECT_PAYMENT', 'OPERATOR', 'REJECTED'],
  ['PAYMENT_DECLARED', 'CANCEL', 'OPERATOR', 'CANCELLED'],
  ['CONFIRMED', 'REFUND', 'OPERATOR', 'REFUNDED'],
];

describe('the order state rule', () => {
  const key = (state: string, action: string, actor: string) => `${state} ${action} ${actor}`;
  const table = new Map(allowed.map(([state, action, actor, to]) => [key(state, action, actor), to]));

  it('answers every (state, action, actor) triple exactly as the table says', () => {
    let checked = 0;
    for (const state of orderStates) {
      for (const action of orderActions) {
        for (const actor of orderActors) {
          expect(nextOrderState(state, action, actor), key(state, action, actor)).toBe(
            table.get(key(state, action, actor)) ?? null,
          );
          checked += 1;
        }
      }
    }
    expect(checked).toBe(orderStates.length * orderActions.length * orderActors.length);
  });

  it('never leaves a final state, and only the system expires, only unpaid orders', () => {
    for (const state of finalOrderStates) {
      for (const actor of orderActors) expect(allowedOrderActions(state, actor)).toEqual([]);
    }
    for (const state of orderStates) {
      const canExpire = nextOrderState(state, 'EXPIRE', 'SYSTEM') !== null;
      expect(canExpire, state).toBe((expirableOrderStates as readonly string[]).includes(state));
      expect(nextOrderState(state, 'EXPIRE', 'INVESTOR')).toBeNull();
      expect(nextOrderState(state, 'EXPIRE', 'OPERATOR')).toBeNull();
    }
  });

  it('lets the investor cancel only before declaring a payment', () => {
    const cancellable = orderStates.filter((state) => allowedOrderActions(state, 'INVESTOR').includes('CANCEL'));
    expect(cancellable).toEqual(['RESERVED', 'SIGNED']);
  });

  it('gives every state a next step, and keeps open and final states apart', () => {
    for (const state of orderStates) expect(nextStepOf(state).code).toBeTruthy();
    for (const state of openOrderStates) expect(finalOrderStates as readonly string[]).not.toContain(state);
  });
});

describe('orderQuantityBounds', () => {
  it('counts holdings and open orders against the maximum, and caps by what remains', () => {
    const facts = { pricePerToken: 2500, userMinInvestment: 5000, userMaxInvestment: 25_000, remainingQuantity: 100 };
    expect(orderQuantityBounds({ ...facts, committedQuantity: 0 })).toEqual({ minQuantity: 2, maxQuantity: 10 });
    expect(orderQuantityBounds({ ...facts, committedQuantity: 7 })).toEqual({ minQuantity: 2, maxQuantity: 3 });
    expect(orderQuantityBounds({ ...facts, committedQuantity: 12 })).toEqual({ minQuantity: 2, maxQuantity: 0 });
    expect(orderQuantityBounds({ ...facts, remainingQuantity: 4, committedQuantity: 0 }).maxQuantity).toBe(4);
    expect(
      orderQuantityBounds({ ...facts, userMaxInvestment: null, remainingQuantity: 9, committedQuantity: 50 }),
    ).toEqual({ minQuantity: 2, maxQuantity: 9 });
  });
});

describe('orderQuantityRefusal', () => {
  const facts = { pricePerToken: 2500, userMinInvestment: 5000, userMaxInvestment: 25_000, remainingQuantity: 100 };

  it('refuses exactly the quantities outside orderQuantityBounds, naming why', () => {
    for (const committedQuantity of [0, 7, 12]) {
      for (const remainingQuantity of [0, 4, 100]) {
        const all = { ...facts, committedQuantity, remainingQuantity };
        const { minQuantity, maxQuantity } = orderQuantityBounds(all);
        for (let quantity = 1; quantity <= 20; quantity += 1) {
          const inside = quantity >= minQuantity && quantity <= maxQuantity;
          expect(orderQuantityRefusal(quantity, all) === null).toBe(inside);
        }
      }
    }
  });

  it('says below the minimum, then past the maximum, then sold out', () => {
    expect(orderQuantityRefusal(1, { ...facts, committedQuantity: 0 })).toBe('BELOW_MIN_INVESTMENT');
    expect(orderQuantityRefusal(4, { ...facts, committedQuantity: 7 })).toBe('ABOVE_MAX_INVESTMENT');
    expect(orderQuantityRefusal(5, { ...facts, committedQuantity: 0, remainingQuantity: 4 })).toBe('SOLD_OUT');
    // Past both: the investor's maximum is what they can act on.
    expect(orderQuantityRefusal(11, { ...facts, committedQuantity: 0, remainingQuantity: 4 })).toBe(
      'ABOVE_MAX_INVESTMENT',
    );
    expect(
      orderQuantityRefusal(3, { ...facts, userMaxInvestment: null, committedQuantity: 90, remainingQuantity: 2 }),
    ).toBe('SOLD_OUT');
  });
});

describe('the payment deadline in the rule', () => {
  const deadline = '2026-05-01T12:00:00.000Z';
  const before = { deadline, now: '2026-05-01T11:59:59.999Z' };
  const at = { deadline, now: deadline };
  const after = { deadline, now: '2026-05-02T00:00:00.000Z' };

  it('counts the deadline itself as passed', () => {
    expect(isPastDeadline(deadline, before.now)).toBe(false);
    expect(isPastDeadline(deadline, at.now)).toBe(true);
    expect(isPastDeadline(deadline, after.now)).toBe(true);
  });

  it('lets the investor sign and declare a payment only before the deadline', () => {
    expect(decideOrderAction('RESERVED', 'SIGN', 'INVESTOR', before)).toEqual({ to: 'SIGNED' });
    expect(decideOrderAction('RESERVED', 'SIGN', 'INVESTOR', at)).toEqual({ refused: 'DEADLINE_PASSED' });
    expect(decideOrderAction('SIGNED', 'DECLARE_PAYMENT', 'INVESTOR', before)).toEqual({ to: 'PAYMENT_DECLARED' });
    expect(decideOrderAction('SIGNED', 'DECLARE_PAYMENT', 'INVESTOR', after)).toEqual({ refused: 'DEADLINE_PASSED' });
  });

  it('expires an unpaid order only once the deadline has passed', () => {
    for (const state of expirableOrderStates) {
      expect(decideOrderAction(state, 'EXPIRE', 'SYSTEM', before)).toEqual({ refused: 'DEADLINE_NOT_REACHED' });
      expect(decideOrderAction(state, 'EXPIRE', 'SYSTEM', at)).toEqual({ to: 'EXPIRED' });
    }
  });

  it('leaves cancelling, an operator’s confirmation and declared payments to the rule without the clock', () => {
    expect(decideOrderAction('SIGNED', 'CANCEL', 'INVESTOR', after)).toEqual({ to: 'CANCELLED' });
    expect(decideOrderAction('RESERVED', 'CANCEL', 'OPERATOR', after)).toEqual({ to: 'CANCELLED' });
    expect(decideOrderAction('SIGNED', 'CONFIRM_PAYMENT', 'OPERATOR', after)).toEqual({ to: 'CONFIRMED' });
    // A declared payment never expires, before or after the deadline.
    expect(decideOrderAction('PAYMENT_DECLARED', 'EXPIRE', 'SYSTEM', after)).toEqual({ refused: 'NOT_ALLOWED' });
    expect(decideOrderAction('PAYMENT_DECLARED', 'CONFIRM_PAYMENT', 'OPERATOR', after)).toEqual({ to: 'CONFIRMED' });
    expect(decideOrderAction('CONFIRMED', 'SIGN', 'INVESTOR', before)).toEqual({ refused: 'NOT_ALLOWED' });
  });
});
