/**
 * The life of an order, as one pure rule shared by the server (which applies it inside the
 * transaction that changes the order) and the client (which shows what can happen next).
 *
 *   RESERVED ──SIGN──▶ SIGNED ──DECLARE_PAYMENT──▶ PAYMENT_DECLARED ──CONFIRM_PAYMENT──▶ CONFIRMED ──REFUND──▶ REFUNDED
 *      │                 │  └──────────CONFIRM_PAYMENT (operator saw the money)──────────▲
 *      ├─CANCEL──▶ CANCELLED ◀─CANCEL─┤                     ├─REJECT_PAYMENT──▶ REJECTED
 *      └─EXPIRE──▶ EXPIRED ◀──EXPIRE──┘                     └─CANCEL (operator)──▶ CANCELLED
 *
 * A declared payment never expires: once the investor says they paid, only an operator closes
 * the order (confirmed, rejected or cancelled), so money in transit is never silently dropped.
 * See docs/decisions/0502-order-states-and-investor-limits.md.
 */
export const orderStates = [
  'RESERVED',
  'SIGNED',
  'PAYMENT_DECLARED',
  'CONFIRMED',
  'EXPIRED',
  'CANCELLED',
  'REJECTED',
  'REFUNDED',
] as const;
export type OrderState = (typeof orderStates)[number];

export const orderActions = [
  'SIGN',
  'DECLARE_PAYMENT',
  'CONFIRM_PAYMENT',
  'REJECT_PAYMENT',
  'CANCEL',
  'EXPIRE',
  'REFUND',
] as const;
export type OrderAction = (typeof orderActions)[number];

/** Who acts: the investor who owns the order, an operator, or the platform itself (expiry). */
export const orderActors = ['INVESTOR', 'OPERATOR', 'SYSTEM'] as const;
export type OrderActor = (typeof orderActors)[number];

/** States whose tokens are set aside for the order (taken off sale, counted against the maximum). */
export const openOrderStates = ['RESERVED', 'SIGNED', 'PAYMENT_DECLARED'] as const satisfies readonly OrderState[];
/** States an order never leaves. */
export const finalOrderStates = [
  'EXPIRED',
  'CANCELLED',
  'REJECTED',
  'REFUNDED',
] as const satisfies readonly OrderState[];
/** States that can expire when their deadline passes. */
export const expirableOrderStates = ['RESERVED', 'SIGNED'] as const satisfies readonly OrderState[];

type Rule = { action: OrderAction; actors: readonly OrderActor[]; to: OrderState };

const rules: Record<OrderState, readonly Rule[]> = {
  RESERVED: [
    { action: 'SIGN', actors: ['INVESTOR'], to: 'SIGNED' },
    { action: 'CANCEL', actors: ['INVESTOR', 'OPERATOR'], to: 'CANCELLED' },
    { action: 'EXPIRE', actors: ['SYSTEM'], to: 'EXPIRED' },
  ],
  SIGNED: [
    { action: 'DECLARE_PAYMENT', actors: ['INVESTOR'], to: 'PAYMENT_DECLARED' },
    // SYSTEM: an order paid from the balance is confirmed in the transaction that signs it.
    { action: 'CONFIRM_PAYMENT', actors: ['OPERATOR', 'SYSTEM'], to: 'CONFIRMED' },
    { action: 'CANCEL', actors: ['INVESTOR', 'OPERATOR'], to: 'CANCELLED' },
    { action: 'EXPIRE', actors: ['SYSTEM'], to: 'EXPIRED' },
  ],
  PAYMENT_DECLARED: [
    { action: 'CONFIRM_PAYMENT', actors: ['OPERATOR'], to: 'CONFIRMED' },
    { action: 'REJECT_PAYMENT', actors: ['OPERATOR'], to: 'REJECTED' },
    { action: 'CANCEL', actors: ['OPERATOR'], to: 'CANCELLED' },
  ],
  CONFIRMED: [{ action: 'REFUND', actors: ['OPERATOR'], to: 'REFUNDED' }],
  EXPIRED: [],
  CANCELLED: [],
  REJECTED: [],
  REFUNDED: [],
};

/** The state `action` by `actor` leads to from `from`, or null when the rule does not allow it. */
export function nextOrderState(from: OrderState, action: OrderAction, actor: OrderActor): OrderState | null {
  const rule = rules[from].find((candidate) => candidate.action === action);
  return rule && rule.actors.includes(actor) ? rule.to : null;
}

/** Whether an order's payment deadline has passed at `now` (both ISO instants). */
export function isPastDeadline(deadline: string, now: string): boolean {
  return Date.parse(deadline) <= Date.parse(now);
}

/** Actions that move an unpaid order forward: refused once its payment deadline has passed. */
const beforeDeadlineActions: readonly OrderAction[] = ['SIGN', 'DECLARE_PAYMENT'];

export type OrderDecision =
  { to: OrderState } | { refused: 'NOT_ALLOWED' | 'DEADLINE_PASSED' | 'DEADLINE_NOT_REACHED' };

/**
 * The rule with its clock, given the order's payment deadline and the time now: while the order
 * is unpaid (RESERVED, SIGNED), the investor may sign or declare a payment only before the
 * deadline, and the platform expires it only once the deadline has passed. Cancelling, and an
 * operator confirming a payment they saw, do not depend on the deadline.
 */
export function decideOrderAction(
  from: OrderState,
  action: OrderAction,
  actor: OrderActor,
  clock: { deadline: string; now: string },
): OrderDecision {
  const to = nextOrderState(from, action, actor);
  if (!to) return { refused: 'NOT_ALLOWED' };
  const unpaid = (expirableOrderStates as readonly OrderState[]).includes(from);
  if (!unpaid) return { to };
  const past = isPastDeadline(clock.deadline, clock.now);
  if (action === 'EXPIRE' && !past) return { refused: 'DEADLINE_NOT_REACHED' };
  if (beforeDeadlineActions.includes(action) && past) return { refused: 'DEADLINE_PASSED' };
  return { to };
}

/** The actions `actor` may take on an order in state `state`. */
export function allowedOrderActions(state: OrderState, actor: OrderActor): OrderAction[] {
  return rules[state].filter((rule) => rule.actors.includes(actor)).map((rule) => rule.action);
}

export function isOpenOrderState(state: OrderState): boolean {
  return (openOrderStates as readonly OrderState[]).includes(state);
}

export function isFinalOrderState(state: OrderState): boolean {
  return (finalOrderStates as readonly OrderState[]).includes(state);
}

/**
 * What happens next, as a code the client translates (the message beside it is the English
 * fallback), with how long the platform usually takes where it waits.
 */
export const nextStepCodes = [
  'SIGN_CONTRACT',
  'PAY',
  'AWAIT_CONFIRMATION',
  'HOLDING_CREDITED',
  'TOKENS_RELEASED',
  'REFUND_SENT',
] as const;
export type NextStepCode = (typeof nextStepCodes)[number];

/** Operators check declared payments within one business day (the usual wait shown to investors). */
export const USUAL_CONFIRMATION_HOURS = 24;

export function nextStepOf(state: OrderState): { code: NextStepCode; usualWaitHours: number | null } {
  switch (state) {
    case 'RESERVED':
      return { code: 'SIGN_CONTRACT', usualWaitHours: null };
    case 'SIGNED':
      return { code: 'PAY', usualWaitHours: null };
    case 'PAYMENT_DECLARED':
      return { code: 'AWAIT_CONFIRMATION', usualWaitHours: USUAL_CONFIRMATION_HOURS };
    case 'CONFIRMED':
      return { code: 'HOLDING_CREDITED', usualWaitHours: null };
    case 'REFUNDED':
      return { code: 'REFUND_SENT', usualWaitHours: null };
    case 'EXPIRED':
    case 'CANCELLED':
    case 'REJECTED':
      return { code: 'TOKENS_RELEASED', usualWaitHours: null };
  }
}

export const nextStepMessages: Record<NextStepCode, string> = {
  SIGN_CONTRACT: 'Sign the contract to receive the payment instructions.',
  PAY: 'Transfer the exact amount with the reference code before the deadline, then tell us you have paid.',
  AWAIT_CONFIRMATION:
    'We are matching your payment. Your tokens are credited once it is confirmed, usually within 24 hours.',
  HOLDING_CREDITED: 'Your tokens are in your holdings.',
  TOKENS_RELEASED: 'This order is closed and its tokens went back on sale. The timeline says why.',
  REFUND_SENT: 'Your payment was returned and the tokens were taken out of your holdings.',
};
