import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  allowedOrderActions,
  decideOrderAction,
  isOpenOrderState,
  nextOrderState,
  nextStepMessages,
  nextStepOf,
  type OrderAction,
  type OrderActor,
  type OrderState,
} from '../../../src/domain/order-state';
import type {
  MyOrdersResponse,
  Order,
  OrderEventType,
  OrderSummary,
  PaymentDeclarationRequest,
  PaymentInstructions,
} from '../../../src/domain/orders';
import type { AuditActor } from '../../../src/domain/auth';
import type { AppContext, RequestMeta } from '../../context';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import { appendAuditEvent } from '../audit/repository';
import { budgetKey, spendBudgets } from '../limits/service';
import type { CallerId } from '../auth/service';
import { debitOrder, refundOrder } from '../cash/service';
import { recordLiveEvents } from '../live/service';
import { onOrderSettled } from './events';
import { credit, debit } from '../holdings/service';
import {
  appendOrderEvent,
  findDueOrderIds,
  findOrder,
  findOrderEvents,
  findOrdersForOperator,
  findOrdersOfUser,
  findOrderView,
  findOrderViewByReference,
  moveOrderState,
  releaseFromPosition,
  returnQuantity,
  type OrderRow,
  type OrderView,
} from './repository';

type Db = Kysely<Database>;

/** Who acts on an order: the investor (their user id), an operator (their name) or the platform. */
/** How the audit log names each order actor. */
const AUDIT_ACTOR: Record<OrderActor, AuditActor> = { INVESTOR: 'user', OPERATOR: 'operator', SYSTEM: 'system' };

export interface OrderActorRef {
  type: OrderActor;
  id: string;
}

export const SYSTEM_ACTOR: OrderActorRef = { type: 'SYSTEM', id: 'expiry' };
const SYSTEM_META: RequestMeta = { ip: 'system', userAgent: 'Moa order expiry' };

const eventTypeOf: Record<OrderAction, OrderEventType> = {
  SIGN: 'CONTRACT_SIGNED',
  DECLARE_PAYMENT: 'PAYMENT_DECLARED',
  CONFIRM_PAYMENT: 'PAYMENT_CONFIRMED',
  REJECT_PAYMENT: 'PAYMENT_REJECTED',
  CANCEL: 'CANCELLED',
  EXPIRE: 'EXPIRED',
  REFUND: 'REFUNDED',
};

const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A short code for people and bank transfers: MOA- and 8 characters without look-alikes. */
export function newOrderReference(): string {
  const bytes = randomBytes(8);
  return `MOA-${[...bytes].map((byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]).join('')}`;
}

/**
 * Where and how to pay, once the contract is signed (decision 0502: payment follows the
 * signature); null before, so nobody pays for an order they have not signed.
 */
function paymentInstructionsOf(view: OrderView): PaymentInstructions | null {
  // Paid from the balance: nothing to transfer.
  if (view.sign_file_id === null || view.pay_from === 'BALANCE') return null;
  const common = {
    amount: Number(view.amount),
    currency: view.currency,
    reference: view.reference,
    deadline: view.expires_at,
  };
  if (view.pay_method_type === 'CRYPTO') {
    return {
      payMethodType: 'CRYPTO',
      walletAddress: view.pay_method_address,
      network: view.network ?? view.pay_method_name,
      asset: view.asset ?? (view.currency === 'USD' ? 'USDC' : view.currency),
      ...common,
    };
  }
  return {
    payMethodType: 'ACCOUNT',
    bankName: view.bank_name ?? view.pay_method_name,
    accountNumber: view.pay_method_address,
    accountHolder: view.account_holder ?? view.pay_method_alias,
    ...common,
  };
}

function toSummary(view: OrderView): OrderSummary {
  return {
    id: view.id,
    reference: view.reference,
    state: view.state,
    quantity: Number(view.quantity),
    pricePerToken: Number(view.price_per_token),
    amount: Number(view.amount),
    currency: view.currency,
    createdAt: view.created_at,
    expiresAt: view.expires_at,
    updatedAt: view.updated_at,
    product: {
      id: Number(view.product_id),
      name: view.product_name,
      tokenName: view.token_name,
      logo: view.product_logo,
    },
    payMethod: { id: Number(view.pay_method_id), name: view.pay_method_name, payMethodType: view.pay_method_type },
    payFrom: view.pay_from,
    signFileId: view.sign_file_id,
    canCancel: allowedOrderActions(view.state, 'INVESTOR').includes('CANCEL'),
  };
}

export async function toOrder(db: Db, view: OrderView): Promise<Order> {
  const events = await findOrderEvents(db, view.id);
  const next = nextStepOf(view.state);
  return {
    ...toSummary(view),
    paymentInstructions: paymentInstructionsOf(view),
    payment: view.payment_declared_at
      ? { payerName: view.payer_name, txHash: view.tx_hash, declaredAt: view.payment_declared_at }
      : null,
    timeline: events.map((event) => ({
      id: Number(event.id),
      type: event.type as OrderEventType,
      state: event.state,
      actor: event.actor_type,
      at: event.created_at,
      note: event.note,
    })),
    next: {
      code: next.code,
      message: nextStepMessages[next.code],
      deadline: view.state === 'RESERVED' || view.state === 'SIGNED' ? view.expires_at : null,
      usualWaitHours: next.usualWaitHours,
    },
  };
}

/** The order as its owner sees it; anyone else learns only that there is no such order. */
export async function loadOwnOrderView(ctx: AppContext, userId: string, orderId: string): Promise<OrderView> {
  const view = await findOrderView(ctx.db, orderId);
  if (!view || view.user_id !== userId) throw new AppError('NOT_FOUND', 'There is no such order.');
  return view;
}

/** Its routes, like every route of an investor's own orders, admit only an approved identity (`requireAuth({ level: 'kyc' })`). */
export async function getOwnOrder(ctx: AppContext, caller: CallerId, orderId: string): Promise<Order> {
  return toOrder(ctx.db, await loadOwnOrderView(ctx, caller.user.id, orderId));
}

export async function listOwnOrders(
  ctx: AppContext,
  caller: CallerId,
  filter: { state?: OrderState; productId?: number },
): Promise<MyOrdersResponse> {
  const views = await findOrdersOfUser(ctx.db, caller.user.id, filter);
  return { orders: views.map(toSummary) };
}

function refusalFor(order: Pick<OrderRow, 'reference' | 'state'>, action: OrderAction): AppError {
  const what: Record<OrderAction, string> = {
    SIGN: 'signed',
    DECLARE_PAYMENT: 'paid',
    CONFIRM_PAYMENT: 'confirmed',
    REJECT_PAYMENT: 'rejected',
    CANCEL: 'cancelled',
    EXPIRE: 'expired',
    REFUND: 'refunded',
  };
  return new AppError(
    'ORDER_STATE_CONFLICT',
    `Order ${order.reference} is ${order.state.toLowerCase().replace('_', ' ')} and cannot be ${what[action]} now.`,
  );
}

/**
 * The pure order-state rule with the order's payment deadline and the time now: the state the
 * action leads to, or the refusal the investor or operator is told.
 */
export function decideTransition(
  order: Pick<OrderRow, 'reference' | 'state' | 'expires_at'>,
  action: OrderAction,
  actor: OrderActor,
  at: string,
): OrderState {
  const decision = decideOrderAction(order.state, action, actor, { deadline: order.expires_at, now: at });
  if ('to' in decision) return decision.to;
  if (decision.refused === 'DEADLINE_PASSED') {
    throw new AppError(
      'ORDER_STATE_CONFLICT',
      action === 'SIGN'
        ? `Order ${order.reference} passed its deadline and can no longer be signed.`
        : `Order ${order.reference} passed its payment deadline.`,
    );
  }
  if (decision.refused === 'DEADLINE_NOT_REACHED') {
    throw new AppError('ORDER_STATE_CONFLICT', `Order ${order.reference} is still within its payment deadline.`);
  }
  throw refusalFor(order, action);
}

/**
 * Applies one transition of the pure rule inside the caller's transaction: the conditional
 * state change, its effect on tokens and holdings, the order event and the audit record.
 */
export async function applyTransition(
  trx: Db,
  order: OrderRow,
  action: OrderAction,
  actor: OrderActorRef,
  options: {
    at: string;
    meta: RequestMeta;
    note?: string | null;
    extra?: Parameters<typeof moveOrderState>[5];
  },
): Promise<OrderState> {
  const to = decideTransition(order, action, actor.type, options.at);
  if (!(await moveOrderState(trx, order.id, order.state, to, options.at, options.extra))) {
    const current = await findOrder(trx, order.id);
    throw refusalFor(current ?? order, action);
  }
  const quantity = Number(order.quantity);
  const productId = Number(order.product_id);
  if (isOpenOrderState(order.state) && !isOpenOrderState(to) && to !== 'CONFIRMED') {
    await releaseFromPosition(trx, productId, order.user_id, quantity, options.at);
    await returnQuantity(trx, productId, quantity);
  }
  if (to === 'CONFIRMED') {
    await credit(trx, {
      productId,
      userId: order.user_id,
      quantity,
      reason: 'ORDER_CONFIRMED',
      orderId: order.id,
      note: `Order ${order.reference}`,
      at: options.at,
    });
  }
  if (to === 'REFUNDED') {
    if (order.pay_from === 'BALANCE') {
      await refundOrder(trx, cashOrderOf(order), actor.id, options.at, options.meta);
    }
    await debit(trx, {
      productId,
      userId: order.user_id,
      quantity,
      reason: 'ORDER_REFUNDED',
      orderId: order.id,
      note: options.note ?? `Order ${order.reference} refunded`,
      at: options.at,
    });
    await releaseFromPosition(trx, productId, order.user_id, quantity, options.at);
    await returnQuantity(trx, productId, quantity);
  }
  const type = eventTypeOf[action];
  await appendOrderEvent(trx, {
    orderId: order.id,
    type,
    state: to,
    actorType: actor.type,
    actor: actor.id,
    note: options.note ?? null,
    at: options.at,
  });
  const detail: Record<string, string> = {
    orderId: order.id,
    reference: order.reference,
    state: to,
    actorType: actor.type,
    actor: actor.id,
  };
  if (options.note) detail.note = options.note;
  await appendAuditEvent(
    trx,
    { userId: order.user_id, actor: AUDIT_ACTOR[actor.type], type: `ORDER_${type}`, detail, meta: options.meta },
    options.at,
  );
  await recordLiveEvents(trx, options.at, [
    { userId: order.user_id, type: 'order', productId, ref: order.id },
    ...(to === 'CONFIRMED' || to === 'REFUNDED'
      ? [{ userId: order.user_id, type: 'holding' as const, productId }]
      : []),
  ]);
  return to;
}

function cashOrderOf(order: OrderRow) {
  return {
    id: order.id,
    userId: order.user_id,
    productId: Number(order.product_id),
    amount: Number(order.amount),
    currency: order.currency,
    reference: order.reference,
  };
}

/** The platform confirms an order paid from the balance (delivery versus payment). */
export const BALANCE_ACTOR: OrderActorRef = { type: 'SYSTEM', id: 'balance' };

/**
 * Called in the signing transaction right after the SIGN transition of an order paid from the
 * balance: the cash debit (refused with INSUFFICIENT_BALANCE, which rolls the signature back
 * too) and the confirmation with its token credit, in that one transaction, so the money and
 * the tokens move together exactly once.
 */
export async function settleFromBalance(
  ctx: Pick<AppContext, 'now' | 'config'>,
  trx: Db,
  orderId: string,
  at: string,
  meta: RequestMeta,
): Promise<void> {
  const order = await findOrder(trx, orderId);
  if (!order || order.pay_from !== 'BALANCE') return;
  await debitOrder(trx, cashOrderOf(order), at, meta);
  const to = await applyTransition(trx, order, 'CONFIRM_PAYMENT', BALANCE_ACTOR, {
    at,
    meta,
    note: 'Paid from the balance.',
  });
  await onOrderSettled(ctx, trx, { orderId: order.id, state: to, note: null });
}

/**
 * The investor cancels an order before paying; its tokens go back on sale. Each cancellation
 * spends one of the account's cancellations of the hour, so ordering, signing and cancelling
 * cannot be looped without end.
 */
export async function cancelOwnOrder(
  ctx: AppContext,
  caller: CallerId,
  orderId: string,
  reason: string | null,
  meta: RequestMeta,
): Promise<Order> {
  const userId = caller.user.id;
  const view = await loadOwnOrderView(ctx, userId, orderId);
  // A cancellation the rule refuses spends nothing; the transition below still decides.
  if (!nextOrderState(view.state, 'CANCEL', 'INVESTOR')) throw refusalFor(view, 'CANCEL');
  await spendBudgets(
    ctx,
    [{ key: budgetKey('orders:cancel', userId), max: ctx.config.ORDER_CANCELS_PER_HOUR, windowMinutes: 60 }],
    'You have cancelled many orders in the last hour.',
  );
  await ctx.db.transaction().execute(async (trx) => {
    const order = (await findOrder(trx, orderId))!;
    await applyTransition(
      trx,
      order,
      'CANCEL',
      { type: 'INVESTOR', id: userId },
      {
        at: ctx.now().toISOString(),
        meta,
        note: reason,
      },
    );
  });
  return toOrder(ctx.db, (await findOrderView(ctx.db, orderId))!);
}

/** "I have paid": the payer's name for a bank transfer, the transaction hash for crypto. */
export async function declarePayment(
  ctx: AppContext,
  caller: CallerId,
  body: PaymentDeclarationRequest,
  meta: RequestMeta,
): Promise<Order> {
  const view = await loadOwnOrderView(ctx, caller.user.id, body.orderId);
  if (view.pay_method_type === 'ACCOUNT' && !body.payerName) {
    throw new AppError('VALIDATION_FAILED', 'body.payerName: Enter the name on the account you paid from.');
  }
  if (view.pay_method_type === 'CRYPTO' && !body.txHash) {
    throw new AppError('VALIDATION_FAILED', 'body.txHash: Enter the transaction hash of your payment.');
  }
  const at = ctx.now().toISOString();
  decideTransition(view, 'DECLARE_PAYMENT', 'INVESTOR', at);
  await ctx.db.transaction().execute(async (trx) => {
    const order = (await findOrder(trx, body.orderId))!;
    await applyTransition(
      trx,
      order,
      'DECLARE_PAYMENT',
      { type: 'INVESTOR', id: caller.user.id },
      {
        at,
        meta,
        note: null,
        extra: {
          payer_name: view.pay_method_type === 'ACCOUNT' ? (body.payerName ?? null) : null,
          tx_hash: view.pay_method_type === 'CRYPTO' ? (body.txHash ?? null) : null,
          payment_declared_at: at,
        },
      },
    );
  });
  return toOrder(ctx.db, (await findOrderView(ctx.db, body.orderId))!);
}

export async function getPaymentOrder(ctx: AppContext, caller: CallerId, orderId: string): Promise<Order> {
  return getOwnOrder(ctx, caller, orderId);
}

export type OperatorOrderAction = Extract<OrderAction, 'CONFIRM_PAYMENT' | 'REJECT_PAYMENT' | 'CANCEL' | 'REFUND'>;

/** An order found by its reference (the code on the transfer), for an operator; null when none has it. */
export async function findOrderByReference(db: Db, reference: string): Promise<OrderView | null> {
  return (await findOrderViewByReference(db, reference.trim().toUpperCase())) ?? null;
}

/** An order by its id, for an operator. */
export async function findOrderViewById(db: Db, id: string): Promise<OrderView | null> {
  return (await findOrderView(db, id)) ?? null;
}

/**
 * An operator's action on an order, inside the caller's transaction (an approval applies it in
 * the transaction that marks the approval approved). Answers the order's new state.
 */
export async function applyOperatorAction(
  ctx: Pick<AppContext, 'now' | 'config'>,
  trx: Db,
  orderId: string,
  action: OperatorOrderAction,
  operator: string,
  note: string | null,
  meta: RequestMeta,
  at: string,
): Promise<OrderState> {
  const order = await findOrder(trx, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'There is no such order.');
  const to = await applyTransition(trx, order, action, { type: 'OPERATOR', id: operator }, { at, meta, note });
  await onOrderSettled(ctx, trx, { orderId: order.id, state: to, note });
  return to;
}

/** An operator's action on an order found by its reference (the code on the transfer). */
export async function operatorAction(
  ctx: AppContext,
  reference: string,
  action: OperatorOrderAction,
  operator: string,
  note: string | null,
  meta: RequestMeta,
): Promise<Order> {
  const view = await findOrderByReference(ctx.db, reference);
  if (!view) throw new AppError('NOT_FOUND', `There is no order ${reference}.`);
  await ctx.db.transaction().execute(async (trx) => {
    await applyOperatorAction(ctx, trx, view.id, action, operator, note, meta, ctx.now().toISOString());
  });
  return toOrder(ctx.db, (await findOrderView(ctx.db, view.id))!);
}

export async function listOrdersForOperator(
  ctx: AppContext,
  state: OrderState | null,
  limit = 200,
  productIds: number[] | null = null,
) {
  return findOrdersForOperator(ctx.db, state, limit, productIds);
}

/**
 * Expires unpaid orders past their deadline and returns their tokens to sale. Any number of
 * processes may run it at once: each order's change is a conditional update, so each expiry
 * is applied by exactly one of them. Answers how many this run expired.
 */
export async function expireDueOrders(ctx: AppContext, batch = 200): Promise<number> {
  const at = ctx.now().toISOString();
  let expired = 0;
  for (const id of await findDueOrderIds(ctx.db, at, batch)) {
    try {
      await ctx.db.transaction().execute(async (trx) => {
        const order = await findOrder(trx, id);
        if (
          !order ||
          !('to' in decideOrderAction(order.state, 'EXPIRE', 'SYSTEM', { deadline: order.expires_at, now: at }))
        )
          return;
        const to = await applyTransition(trx, order, 'EXPIRE', SYSTEM_ACTOR, {
          at,
          meta: SYSTEM_META,
          note: 'The payment deadline passed.',
        });
        await onOrderSettled(ctx, trx, { orderId: order.id, state: to, note: null });
        expired += 1;
      });
    } catch (error) {
      // Another process (or the investor) changed the order first: nothing to do here.
      if (error instanceof AppError && error.code === 'ORDER_STATE_CONFLICT') continue;
      throw error;
    }
  }
  return expired;
}
