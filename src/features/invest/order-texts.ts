import type { NextStepCode, OrderActor, OrderEventType, OrderState } from '../../domain/orders';
import { t, type MessageKey } from '../../lib/i18n';

const stateKeys: Record<OrderState, MessageKey> = {
  RESERVED: 'orders.state.RESERVED',
  SIGNED: 'orders.state.SIGNED',
  PAYMENT_DECLARED: 'orders.state.PAYMENT_DECLARED',
  CONFIRMED: 'orders.state.CONFIRMED',
  EXPIRED: 'orders.state.EXPIRED',
  CANCELLED: 'orders.state.CANCELLED',
  REJECTED: 'orders.state.REJECTED',
  REFUNDED: 'orders.state.REFUNDED',
};

const eventKeys: Record<OrderEventType, MessageKey> = {
  RESERVED: 'orders.event.RESERVED',
  CONTRACT_SIGNED: 'orders.event.CONTRACT_SIGNED',
  PAYMENT_DECLARED: 'orders.event.PAYMENT_DECLARED',
  PAYMENT_CONFIRMED: 'orders.event.PAYMENT_CONFIRMED',
  PAYMENT_REJECTED: 'orders.event.PAYMENT_REJECTED',
  CANCELLED: 'orders.event.CANCELLED',
  EXPIRED: 'orders.event.EXPIRED',
  REFUNDED: 'orders.event.REFUNDED',
};

const nextKeys: Record<NextStepCode, MessageKey> = {
  SIGN_CONTRACT: 'orders.next.SIGN_CONTRACT',
  PAY: 'orders.next.PAY',
  AWAIT_CONFIRMATION: 'orders.next.AWAIT_CONFIRMATION',
  HOLDING_CREDITED: 'orders.next.HOLDING_CREDITED',
  TOKENS_RELEASED: 'orders.next.TOKENS_RELEASED',
  REFUND_SENT: 'orders.next.REFUND_SENT',
};

const actorKeys: Record<OrderActor, MessageKey> = {
  INVESTOR: 'orders.actor.INVESTOR',
  OPERATOR: 'orders.actor.OPERATOR',
  SYSTEM: 'orders.actor.SYSTEM',
};

export const orderStateText = (state: OrderState) => t(stateKeys[state]);
export const orderEventText = (type: OrderEventType) => t(eventKeys[type]);
export const nextStepText = (code: NextStepCode) => t(nextKeys[code]);
export const actorText = (actor: OrderActor) => t(actorKeys[actor]);

export type Tone = 'brand' | 'jade' | 'gold' | 'coral' | 'muted';

export function orderStateTone(state: OrderState): Tone {
  switch (state) {
    case 'CONFIRMED':
      return 'jade';
    case 'PAYMENT_DECLARED':
      return 'gold';
    case 'RESERVED':
    case 'SIGNED':
      return 'brand';
    case 'REJECTED':
      return 'coral';
    default:
      return 'muted';
  }
}

export { formatDateTime } from '../../lib/dates';
