import { describe, expect, it } from 'vitest';
import {
  allowedOrderActions,
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
import { orderQuantityBounds } from '../../src/domain/orders';

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
